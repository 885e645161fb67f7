// Small progressive enhancements. Every page works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // The language switch submits itself when a choice is made (the button stays for
  // keyboard and no-JS users).
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches(".language-switch select")) {
      select.form.requestSubmit ? select.form.requestSubmit() : select.form.submit();
    }
  });
})();
