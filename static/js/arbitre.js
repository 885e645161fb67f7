// Small progressive enhancements. Every page works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // The language switch submits itself when a choice is made with the mouse or a finger.
  // Keyboard users browse the options with the arrow keys, which fires "change" at every
  // step: for them nothing is submitted until they press the button (shown on focus) or Enter.
  // Logging in again in another tab (after a session expired) gives a new CSRF token: forms
  // and htmx requests of pages already open send the current one, so what was typed there
  // can still be saved.
  function csrfCookie() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }
  document.addEventListener("submit", function (event) {
    var field = event.target.elements && event.target.elements.csrfmiddlewaretoken;
    var token = csrfCookie();
    if (field && token) { field.value = token; }
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfCookie();
    if (token) { event.detail.headers["X-CSRFToken"] = token; }
  });

  // Phones: the header's menu folds behind its button (the CSS hides it while collapsed).
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest(".site-menu-toggle");
    if (!toggle) { return; }
    toggle.setAttribute("aria-expanded", toggle.getAttribute("aria-expanded") === "true" ? "false" : "true");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    var toggle = document.querySelector(".site-menu-toggle[aria-expanded='true']");
    var menu = toggle && document.getElementById(toggle.getAttribute("aria-controls"));
    if (menu && menu.contains(document.activeElement)) {
      toggle.setAttribute("aria-expanded", "false");
      toggle.focus();
    }
  });

  // Enter in a live search box inside a bigger form (the editors' article picker) searches
  // at once; it must never submit, and so save, the whole lesson or question.
  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key !== "Enter" || !(field.matches && field.matches("input[type='search'][hx-get]")) || !field.form) {
      return;
    }
    event.preventDefault();
    if (window.htmx) { window.htmx.trigger(field, "search"); }
  });

  // Only the site's own switcher (data-site-language): other forms have a select named
  // "language" too (a certificate's language), which must never change the interface.
  var SWITCHER = "form[data-site-language]";
  function isSwitcherSelect(element) {
    return Boolean(element && element.matches && element.matches(SWITCHER + " select[name=language]"));
  }
  var keyboard = false;
  // Pages updated by htmx (the bank's filters) have a newer address than the one the server
  // wrote into "next": come back to what is on screen.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches && form.matches(SWITCHER) && form.elements.next) {
      form.elements.next.value = window.location.pathname + window.location.search;
    }
  });
  document.addEventListener("keydown", function (event) {
    var select = event.target;
    if (!isSwitcherSelect(select)) { return; }
    keyboard = true;
    if (event.key === "Enter") {
      event.preventDefault();
      select.form.requestSubmit ? select.form.requestSubmit() : select.form.submit();
    }
  });
  document.addEventListener("pointerdown", function () { keyboard = false; });
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (isSwitcherSelect(select) && !keyboard) {
      select.form.requestSubmit ? select.form.requestSubmit() : select.form.submit();
    }
  });
})();
