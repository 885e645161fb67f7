// Lesson editor helpers: the board editor's FEN becomes a diagram directive, a cited article
// becomes a [[edition:number]] link; both can be inserted at the cursor of the French text.
(function () {
  "use strict";
  var source = document.getElementById("id_body_fr");
  if (!source) return;

  function insert(text) {
    var start = source.selectionStart || source.value.length;
    var before = source.value.slice(0, start);
    var after = source.value.slice(source.selectionEnd || start);
    source.value = before + text + after;
    source.focus();
    source.selectionStart = source.selectionEnd = start + text.length;
    source.dispatchEvent(new Event("input", { bubbles: true }));
  }

  var fen = document.getElementById("id_diagram_fen");
  var output = document.querySelector("[data-directive-for]");
  function directive() {
    return '::: diagram fen="' + (fen.value || "").trim() + '"';
  }
  if (fen && output) {
    var refresh = function () { window.setTimeout(function () { output.textContent = directive(); }, 0); };
    fen.closest("[data-board-editor]").addEventListener("click", refresh);
    fen.addEventListener("input", refresh);
    fen.addEventListener("change", refresh);
    refresh();
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button button--small";
    button.textContent = output.getAttribute("data-insert-label") || "Insérer";
    button.addEventListener("click", function () { insert("\n" + directive() + "\n"); });
    output.insertAdjacentElement("afterend", button);
  }

  var citations = document.getElementById("citation-list");
  if (citations) {
    citations.addEventListener("htmx:afterSwap", function () {
      var boxes = citations.querySelectorAll("input[name=citations]");
      var last = boxes[boxes.length - 1];
      if (last) insert("[[" + last.value + "]]");
    });
  }
})();
