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

  function addRow(button, quiet) {
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
    if (first && !quiet) { first.focus(); }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-add-row]");
    if (button) {
      event.preventDefault();
      addRow(button);
    }
  });

  // Irreversible actions (retiring a question, removing an image) ask first, whether the form
  // or the button that sends it says so; without script the server still requires the POST,
  // so nothing happens by following a link.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter;
    var question = (submitter && submitter.getAttribute && submitter.getAttribute("data-confirm")) ||
      (form.getAttribute && form.getAttribute("data-confirm"));
    if (question && !window.confirm(question)) {
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

  // The set-up board turns with the diagram's orientation ("Noirs en bas" shows it from Black's side).
  function followOrientation(form) {
    var select = form.querySelector("select[name='orientation']");
    var board = form.querySelector("[data-board-editor-board]");
    var flip = form.querySelector("[data-board-action='flip']");
    if (!select || !board || !flip) { return; }
    if (board.classList.contains("board-editor__board--flipped") !== (select.value === "black")) { flip.click(); }
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[name='orientation']") && event.target.form) {
      followOrientation(event.target.form);
    }
  });
  // After positions.js has set the board up (its listener was added first).
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.editor-form").forEach(followOrientation);
  });

  // ---------------------------------------------------------------- unsaved work
  // What is typed in the editor is kept in the browser (localStorage, one entry per person and
  // question) until it is saved: leaving the page (a link, the language switch, a closed tab)
  // loses nothing, and the editor offers it back when it is opened again. Leaving with unsaved
  // changes asks first, except through the language switch, which comes straight back here.
  var STORE_PREFIX = "arbitre:editor:";
  var PENDING_SAVE = "arbitre:editor:pending-save";
  var KEEP_DAYS = 30;
  var NOT_STATE = /^(csrfmiddlewaretoken|article_query)$/;
  var ROW_COUNTS = /-(TOTAL|INITIAL|MIN_NUM|MAX_NUM)_FORMS$/;

  function browserStore(name) {
    try {
      var store = window[name];
      store.getItem(STORE_PREFIX);
      return store;
    } catch (error) {
      return null;  // storage disabled (private mode, policy): the warning still works
    }
  }

  function readEntry(store, key) {
    try { return JSON.parse(store.getItem(key) || "null"); } catch (error) { return null; }
  }

  function forgetOldEntries(store) {
    var limit = Date.now() - KEEP_DAYS * 24 * 3600 * 1000;
    for (var index = store.length - 1; index >= 0; index--) {
      var key = store.key(index);
      if (key && key.indexOf(STORE_PREFIX) === 0) {
        var entry = readEntry(store, key);
        if (!entry || !entry.savedAt || Date.parse(entry.savedAt) < limit) { store.removeItem(key); }
      }
    }
  }

  // The form's fields as it would send them, and the labels of the cited articles (added by
  // the picker, they must be drawn again on restoring).
  function snapshot(form) {
    var fields = [];
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || NOT_STATE.test(field.name) || /^(file|submit|button|reset)$/.test(field.type)) { return; }
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) { return; }
      if (field.type === "select-multiple") {
        Array.prototype.forEach.call(field.selectedOptions, function (option) { fields.push([field.name, option.value]); });
        return;
      }
      fields.push([field.name, field.value]);
    });
    var citations = {};
    form.querySelectorAll("#citation-list input[name='citations']").forEach(function (box) {
      var label = box.closest("label");
      citations[box.value] = label ? label.textContent.trim() : box.value;
    });
    return { fields: fields, citations: citations };
  }

  // What the trainer wrote, without the row counts and empty fields: adding a blank row or
  // typing then deleting a word is not a change.
  function signature(state) {
    return JSON.stringify(state.fields.filter(function (pair) {
      return pair[1] !== "" && !ROW_COUNTS.test(pair[0]);
    }));
  }

  function restore(form, state) {
    var values = {};
    state.fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    Object.keys(values).forEach(function (name) {
      var list = name.match(/^(.+)-TOTAL_FORMS$/);
      var total = list && form.querySelector("[name='" + name + "']");
      var button = list && form.querySelector("[data-add-row='" + list[1] + "']");
      while (total && button && parseInt(total.value, 10) < parseInt(values[name][0], 10)) {
        var before = total.value;
        addRow(button, true);
        if (total.value === before) { break; }
      }
    });
    var citationList = form.querySelector("#citation-list");
    (values.citations || []).forEach(function (value) {
      var present = Array.prototype.some.call(form.querySelectorAll("input[name='citations']"), function (box) {
        return box.value === value;
      });
      if (present || !citationList) { return; }
      var item = document.createElement("li");
      var label = document.createElement("label");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.name = "citations";
      box.value = value;
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + ((state.citations || {})[value] || value)));
      item.appendChild(label);
      citationList.appendChild(item);
    });
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || NOT_STATE.test(field.name) || ROW_COUNTS.test(field.name)) { return; }
      if (/^(file|submit|button|reset)$/.test(field.type)) { return; }
      var saved = values[field.name] || [];
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = saved.indexOf(field.value) !== -1;
      } else if (field.type === "select-multiple") {
        Array.prototype.forEach.call(field.options, function (option) { option.selected = saved.indexOf(option.value) !== -1; });
      } else {
        field.value = saved.length ? saved[0] : "";
      }
    });
    showSectionsFor(form);
    followOrientation(form);
    form.querySelectorAll(".row-list input[name$='-DELETE']").forEach(function (box) {
      var row = box.closest("li");
      if (row) { row.classList.toggle("is-removed", box.checked); }
    });
    growAll(form);
    var fen = form.querySelector("[data-board-editor-input]");
    if (fen) { fen.dispatchEvent(new CustomEvent("board-editor:refresh")); }
    // The preview, the moves check and the engine panel refresh on a change in the form.
    (fen || form).dispatchEvent(new Event("change", { bubbles: true }));
  }

  function initUnsavedWork(form) {
    var store = browserStore("localStorage");
    var tab = browserStore("sessionStorage");
    var key = STORE_PREFIX + form.getAttribute("data-autosave");
    var initial = signature(snapshot(form));
    // Re-shown after a refused save: what is on screen is newer than what the bank holds.
    var unsavedOnArrival = form.hasAttribute("data-unsaved");
    var banner = document.querySelector("[data-autosave-banner]");
    var leaving = false;
    var submitted = false;
    var deciding = false;
    var timer = null;

    function isDirty() {
      return unsavedOnArrival || signature(snapshot(form)) !== initial;
    }
    function save() {
      window.clearTimeout(timer);
      if (!store || deciding) { return; }
      var state = snapshot(form);
      if (!unsavedOnArrival && signature(state) === initial) {
        store.removeItem(key);
        return;
      }
      state.savedAt = new Date().toISOString();
      try { store.setItem(key, JSON.stringify(state)); } catch (error) { /* storage full: the warning remains */ }
    }
    function saveSoon() {
      window.clearTimeout(timer);
      timer = window.setTimeout(save, 400);
    }

    if (tab) { tab.removeItem(PENDING_SAVE); }
    if (store) {
      forgetOldEntries(store);
      var entry = readEntry(store, key);
      if (unsavedOnArrival) {
        save();
      } else if (entry && entry.fields && signature(entry) === initial) {
        store.removeItem(key);  // nothing the page does not already show
      } else if (entry && entry.fields && banner) {
        deciding = true;
        var when = banner.querySelector("[data-autosave-date]");
        var date = new Date(entry.savedAt);
        when.setAttribute("datetime", entry.savedAt);
        when.textContent = date.toLocaleString(document.documentElement.lang || undefined, {
          dateStyle: "long", timeStyle: "short"
        });
        banner.hidden = false;
        banner.addEventListener("click", function (event) {
          var button = event.target.closest && event.target.closest("[data-autosave-action]");
          if (!button) { return; }
          deciding = false;
          banner.hidden = true;
          if (button.getAttribute("data-autosave-action") === "restore") {
            restore(form, entry);
            unsavedOnArrival = true;  // restored work is not saved in the bank yet
            save();
            var first = form.querySelector("select, textarea, input:not([type='hidden'])");
            if (first) { first.focus({ preventScroll: true }); }
          } else {
            store.removeItem(key);
            save();
          }
        });
      }
    }

    form.addEventListener("input", saveSoon);
    form.addEventListener("change", saveSoon);
    var citations = form.querySelector("#citation-list");
    if (citations && window.MutationObserver) {
      new MutationObserver(saveSoon).observe(citations, { childList: true });
    }

    document.addEventListener("submit", function (event) {
      if (event.defaultPrevented) { return; }
      var target = event.target;
      if (target === form) {
        // Kept until the bank confirms the save (see forgetSavedWork): a refused save, an
        // expired session or a lost connection keep it.
        leaving = true;
        submitted = true;
        deciding = false;
        save();
        if (tab) { tab.setItem(PENDING_SAVE, key); }
      } else if (target.matches && target.matches(".language-switch")) {
        leaving = true;
        if (isDirty()) { deciding = false; save(); }
      }
    });
    window.addEventListener("beforeunload", function (event) {
      if (leaving || !isDirty()) { return; }
      save();
      event.preventDefault();
      event.returnValue = "";
    });
    // A phone may drop a page in the background without any "unload".
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden" && !leaving && isDirty()) { save(); }
    });
    // Back from the next page (back/forward cache): after a save, the page on screen is out of
    // date (the question exists now), so it is loaded again; otherwise it carries on.
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) { return; }
      if (submitted) { window.location.reload(); }
      leaving = false;
    });
  }

  // The page after a successful save carries the success message marked "draft-saved":
  // the work kept in the browser is in the bank now.
  function forgetSavedWork() {
    var tab = browserStore("sessionStorage");
    var store = browserStore("localStorage");
    var pending = tab && tab.getItem(PENDING_SAVE);
    if (!pending || !document.querySelector("[data-message~='draft-saved']")) { return; }
    if (store) { store.removeItem(pending); }
    tab.removeItem(PENDING_SAVE);
  }

  function init() {
    foldFilters();
    forgetSavedWork();
    document.querySelectorAll("form.editor-form[data-autosave]").forEach(initUnsavedWork);
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
