// The rulebook in print: the FIDE commentary is folded on screen (<details>), but a
// printed page must carry it. Open every fold before printing, restore them afterwards.
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll("details.rules-commentary"), function (details) {
      return !details.open;
    });
    opened.forEach(function (details) { details.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (details) { details.open = false; });
    opened = [];
  });
})();
