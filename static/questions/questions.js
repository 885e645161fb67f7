// Question editor enhancements. The editor works without this file: all sections show,
// and each list offers a few blank rows. With it: only the sections of the chosen type
// show, rows can be added and removed, and removed rows fade out.
(function () {
  "use strict";

  function showSectionsFor(form) {
    var select = form.querySelector("select[name='type']");
    if (!select) { return; }
    var type = select.value;
    form.querySelectorAll("[data-types]").forEach(function (section) {
      var types = section.getAttribute("data-types").split(" ");
      section.hidden = types.indexOf(type) === -1;
    });
    form.querySelectorAll("[data-type-note]").forEach(function (note) { note.hidden = true; });
  }

  function addRow(button) {
    var name = button.getAttribute("data-add-row");
    var template = document.getElementById(name + "-empty-row");
    var list = document.getElementById(name + "-rows");
    var total = document.getElementById("id_" + name + "-TOTAL_FORMS");
    var max = document.getElementById("id_" + name + "-MAX_NUM_FORMS");
    if (!template || !list || !total) { return; }
    var index = parseInt(total.value, 10);
    if (max && index >= parseInt(max.value, 10)) { return; }
    var html = template.innerHTML.replace(/__prefix__/g, String(index));
    list.insertAdjacentHTML("beforeend", html);
    total.value = String(index + 1);
    var added = list.lastElementChild;
    growAll(added);
    var first = added && added.querySelector("input[type='text'], input:not([type]), textarea");
    if (first) { first.focus(); }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-add-row]");
    if (button) {
      event.preventDefault();
      addRow(button);
    }
  });

  // Irreversible actions (retiring a question) ask first; without script the server still
  // requires the POST, so nothing happens by following a link.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });

  // Enter in the article search box searches; it must not submit (save) the whole editor.
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches && event.target.matches("#article-query")) {
      event.preventDefault();
    }
  });

  // The rows' text boxes grow with their text: CSS does it (field-sizing) where supported,
  // this does it elsewhere.
  var sizesItself = window.CSS && CSS.supports && CSS.supports("field-sizing", "content");
  function grow(area) {
    // A box in a hidden section has no height to measure: it keeps its CSS minimum.
    if (sizesItself || !area.matches("textarea[data-autogrow]") || !area.offsetParent) { return; }
    area.style.height = "auto";
    area.style.height = (area.scrollHeight + area.offsetHeight - area.clientHeight) + "px";
  }
  function growAll(root) {
    if (sizesItself) { return; }
    root.querySelectorAll("textarea[data-autogrow]").forEach(grow);
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("textarea")) { grow(event.target); }
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches && target.matches("select[name='type']") && target.form) {
      showSectionsFor(target.form);
    }
    if (target.matches && target.matches(".row-list input[name$='-DELETE']")) {
      var row = target.closest("li");
      if (row) { row.classList.toggle("is-removed", target.checked); }
    }
  });

  // On a phone the bank's nine filters would push the results off the first screen: they
  // fold away unless one of them is in use. Without script they stay open.
  function foldFilters() {
    if (!window.matchMedia || !window.matchMedia("(max-width: 900px)").matches) { return; }
    document.querySelectorAll("details[data-collapse-on-phone]").forEach(function (box) {
      var inUse = Array.prototype.some.call(box.querySelectorAll("input, select"), function (field) {
        return field.type === "checkbox" ? field.checked : field.value !== "";
      });
      if (!inUse) { box.open = false; }
    });
  }

  // When the live preview, the moves check or the engine panel cannot be refreshed (network
  // down, server error, session expired), say so instead of leaving an out-of-date answer on
  // screen or drawing the login page inside the panel.
  function showNote(region, attribute) {
    var holder = region && region.closest && region.closest("[" + attribute + "]");
    if (!holder) { return; }
    var note = document.createElement("p");
    note.className = "message message--warning";
    note.setAttribute("role", "status");
    note.setAttribute("data-unavailable", "");
    note.textContent = holder.getAttribute(attribute);
    var previous = region.querySelector("[data-unavailable]");
    if (previous) { previous.remove(); }
    region.insertBefore(note, region.firstChild);
  }
  function showUnavailable(event) {
    showNote(event.detail && event.detail.target, "data-unavailable-message");
  }
  document.addEventListener("htmx:sendError", showUnavailable);
  document.addEventListener("htmx:responseError", showUnavailable);
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.responseURL && xhr.responseURL.indexOf("/accounts/login/") !== -1) {
      event.detail.shouldSwap = false;
      showNote(event.detail.target, "data-session-message");
    }
  });

  function init() {
    foldFilters();
    document.querySelectorAll("form.editor-form").forEach(showSectionsFor);
    document.querySelectorAll("[data-add-row]").forEach(function (button) { button.hidden = false; });
    growAll(document);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
