// The editor's computed questions: show only the parameters of the generator picked.
(function () {
  "use strict";
  function update(select) {
    var form = select.form;
    if (!form) { return; }
    form.querySelectorAll("[data-generator]").forEach(function (group) {
      group.hidden = group.getAttribute("data-generator") !== select.value;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("id_generator");
    if (!select) { return; }
    update(select);
    select.addEventListener("change", function () { update(select); });
  });
})();
