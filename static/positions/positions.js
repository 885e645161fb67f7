// Chess widgets: PGN replay and board editor. Progressive enhancement only: every widget
// works without this file (links to ?ply=N, a plain FEN text input).
(function () {
  "use strict";

  // ---------------------------------------------------------------- replay
  function initReplay(widget) {
    if (widget.dataset.replayReady) return;
    widget.dataset.replayReady = "1";
    var links = Array.prototype.slice.call(widget.querySelectorAll("[data-replay-positions] a[data-ply]"));
    var image = widget.querySelector("[data-replay-image]");
    var status = widget.querySelector("[data-replay-status]");
    var last = links.length - 1;
    var current = parseInt(widget.dataset.current || "0", 10);

    function show(ply) {
      ply = Math.max(0, Math.min(last, ply));
      var link = links[ply];
      if (!link) return;
      current = ply;
      widget.dataset.current = String(ply);
      image.src = link.dataset.src;
      image.alt = link.dataset.alt;
      if (status) status.textContent = link.dataset.label;
      links.forEach(function (other) { other.removeAttribute("aria-current"); });
      link.setAttribute("aria-current", "step");
      ["white", "black"].forEach(function (side) {
        var clock = widget.querySelector('[data-clock="' + side + '"]');
        if (!clock) return;
        clock.querySelector("[data-clock-value]").textContent = link.dataset[side + "Clock"] || "—";
        clock.classList.toggle("clock--running", link.dataset.toMove === side);
      });
      if (window.history && window.history.replaceState) {
        var url = new URL(window.location.href);
        url.searchParams.set("ply", String(ply));
        window.history.replaceState(null, "", url.toString());
      }
    }

    widget.addEventListener("click", function (event) {
      var target = event.target.closest("a");
      if (!target || !widget.contains(target)) return;
      if (target.dataset.ply !== undefined) {
        event.preventDefault();
        show(parseInt(target.dataset.ply, 10));
      } else if (target.dataset.replayStep) {
        event.preventDefault();
        var step = target.dataset.replayStep;
        show(step === "first" ? 0 : step === "last" ? last : step === "previous" ? current - 1 : current + 1);
      }
    });
    widget.addEventListener("keydown", function (event) {
      var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
      if (!(event.key in keys) || event.target.matches("input, textarea, select")) return;
      event.preventDefault();
      show(keys[event.key]);
    });
  }

  // ---------------------------------------------------------------- board editor
  function parsePlacement(placement) {
    var squares = {};
    var ranks = (placement || "").split("/");
    if (ranks.length !== 8) return null;
    for (var r = 0; r < 8; r++) {
      var file = 0;
      for (var i = 0; i < ranks[r].length; i++) {
        var ch = ranks[r][i];
        if (/[1-8]/.test(ch)) { file += parseInt(ch, 10); continue; }
        if (!/[pnbrqkPNBRQK]/.test(ch) || file > 7) return null;
        squares["abcdefgh"[file] + (8 - r)] = ch;
        file++;
      }
      if (file !== 8) return null;
    }
    return squares;
  }

  function placementOf(squares) {
    var rows = [];
    for (var rank = 8; rank >= 1; rank--) {
      var row = "", empty = 0;
      for (var f = 0; f < 8; f++) {
        var piece = squares["abcdefgh"[f] + rank];
        if (piece) { if (empty) { row += empty; empty = 0; } row += piece; } else { empty++; }
      }
      rows.push(row + (empty ? empty : ""));
    }
    return rows.join("/");
  }

  // Each castling right: the king's square and piece, then the rook's.
  var CASTLING_NEEDS = { K: ["e1", "K", "h1", "R"], Q: ["e1", "K", "a1", "R"], k: ["e8", "k", "h8", "r"], q: ["e8", "k", "a8", "r"] };

  var GLYPHS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

  function initEditor(editor) {
    if (editor.dataset.editorReady) return;
    editor.dataset.editorReady = "1";
    var input = editor.querySelector("[data-board-editor-input]");
    var ui = editor.querySelector("[data-board-editor-ui]");
    var grid = editor.querySelector(".board-editor__grid");
    var turn = editor.querySelector('[data-board-field="turn"]');
    var ep = editor.querySelector('[data-board-field="ep"]');
    var castling = Array.prototype.slice.call(editor.querySelectorAll("[data-board-castling]"));
    var board = editor.querySelector("[data-board-editor-board]");
    var castlingHint = editor.querySelector("[data-castling-hint]");
    var selected = null;
    var squares = {};
    ui.hidden = false;

    function readInput() {
      var fields = (input.value || "").trim().split(/\s+/);
      var parsed = parsePlacement(fields[0]);
      if (!parsed) return false;
      squares = parsed;
      turn.value = fields[1] === "b" ? "b" : "w";
      castling.forEach(function (box) {
        box.checked = (fields[2] || "").indexOf(box.dataset.boardCastling) >= 0;
        delete box.dataset.wanted;
      });
      ep.value = fields[3] && fields[3] !== "-" ? fields[3] : "";
      return true;
    }

    // Square labels name the piece in the page's language, from the palette's own labels.
    var pieceNames = {};
    editor.querySelectorAll("[data-piece]").forEach(function (button) {
      if (button.dataset.piece) pieceNames[button.dataset.piece] = button.title;
    });

    // A castling right needs its king and rook on their initial squares: otherwise the box is
    // unchecked and greyed out, with a hint saying why. A right lost by moving a piece away
    // comes back if the piece is put back; "clear" and a typed FEN start afresh.
    function syncCastling() {
      castling.forEach(function (box) {
        var needs = CASTLING_NEEDS[box.dataset.boardCastling];
        var possible = squares[needs[0]] === needs[1] && squares[needs[2]] === needs[3];
        if (!possible && box.checked) { box.checked = false; box.dataset.wanted = "1"; }
        if (possible && box.disabled && box.dataset.wanted) { box.checked = true; }
        if (possible) { delete box.dataset.wanted; }
        box.disabled = !possible;
      });
      if (castlingHint) {
        castlingHint.hidden = castling.every(function (box) { return !box.disabled; });
      }
    }

    function draw() {
      editor.querySelectorAll("[data-square]").forEach(function (button) {
        var piece = squares[button.dataset.square];
        button.textContent = piece ? GLYPHS[piece] : "";
        button.setAttribute("aria-label", button.dataset.square + (piece ? " " + (pieceNames[piece] || piece) : ""));
      });
      syncCastling();
    }

    function write() {
      var rights = castling.filter(function (box) { return box.checked; })
        .map(function (box) { return box.dataset.boardCastling; }).join("") || "-";
      var fields = (input.value || "").trim().split(/\s+/);
      var counters = fields.length >= 6 ? fields[4] + " " + fields[5] : "0 1";
      input.value = [placementOf(squares), turn.value, rights, ep.value.trim() || "-", counters].join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }

    // An empty field means the initial position: show it, write nothing until a change.
    function showInput() {
      if (!readInput()) {
        var initial = parsePlacement(editor.dataset.initialFen.split(" ")[0]);
        squares = input.value.trim() ? {} : initial;
        if (!input.value.trim()) castling.forEach(function (box) { box.checked = true; });
      }
      draw();
    }
    showInput();

    editor.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !editor.contains(button)) return;
      if (button.hasAttribute("data-piece")) {
        selected = button.dataset.piece;
        editor.querySelectorAll("[data-piece]").forEach(function (other) {
          other.setAttribute("aria-pressed", other === button ? "true" : "false");
        });
      } else if (button.dataset.square) {
        if (selected === null) return;
        if (selected) { squares[button.dataset.square] = selected; } else { delete squares[button.dataset.square]; }
        draw(); write();
      } else if (button.dataset.boardAction === "clear") {
        squares = {}; ep.value = "";
        castling.forEach(function (box) { box.checked = false; delete box.dataset.wanted; });
        draw(); write();
      } else if (button.dataset.boardAction === "initial") {
        input.value = editor.dataset.initialFen;
        readInput(); draw(); write();
      } else if (button.dataset.boardAction === "flip") {
        grid.classList.toggle("board-editor__grid--flipped");
        if (board) board.classList.toggle("board-editor__board--flipped");
      }
    });
    // role="grid": arrow keys move between squares (as seen on screen, flipped or not).
    grid.addEventListener("keydown", function (event) {
      var steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      var square = event.target.dataset && event.target.dataset.square;
      if (!(event.key in steps) || !square) return;
      var flip = grid.classList.contains("board-editor__grid--flipped") ? -1 : 1;
      var file = "abcdefgh".indexOf(square[0]) + steps[event.key][0] * flip;
      var rank = parseInt(square[1], 10) + steps[event.key][1] * flip;
      if (file < 0 || file > 7 || rank < 1 || rank > 8) return;
      event.preventDefault();
      grid.querySelector('[data-square="' + "abcdefgh"[file] + rank + '"]').focus();
    });
    [turn, ep].concat(castling).forEach(function (field) { field.addEventListener("change", write); });
    castling.forEach(function (box) { box.addEventListener("change", function () { delete box.dataset.wanted; }); });
    input.addEventListener("input", function (event) {
      if (!event.isTrusted) return;
      if (readInput()) draw();
    });
    // A page script that set the field's value itself (the editor restoring unsaved work)
    // asks the board to show it.
    input.addEventListener("board-editor:refresh", showInput);
  }

  function init(root) {
    (root || document).querySelectorAll("[data-replay]").forEach(initReplay);
    (root || document).querySelectorAll("[data-board-editor]").forEach(initEditor);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
