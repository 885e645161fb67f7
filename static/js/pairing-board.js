// The pairing board (templates/tournaments/pairing_board.html). It edits the candidate's own
// answer only: {"pairs": [[white, black], …], "byes": […]} kept in the board's hidden input,
// which gets "input" and "change" events after each action so that an autosave sees it.
// It never knows the correct pairing. Without this file the textarea form is used instead.
(function () {
  "use strict";
  if (window.arbitrePairingBoard) { return; }
  window.arbitrePairingBoard = true;

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return values[key] === undefined ? "" : String(values[key]); });
  }

  function Board(root) {
    this.root = root;
    this.input = root.querySelector("[data-pb-answer]");
    this.status = root.querySelector("[data-pb-status]");
    this.list = root.querySelector("[data-pb-boards]");
    this.byeList = root.querySelector("[data-pb-byes]");
    this.count = root.querySelector("[data-pb-count]");
    this.quick = root.querySelector("[data-pb-quick]");
    this.heading = root.querySelector(".pb-sheet h3");
    this.present = {};
    this.names = {};
    this.selected = null;
    this.history = [];
    var self = this;
    Array.prototype.forEach.call(root.querySelectorAll("[data-pb-player]"), function (button) {
      var number = Number(button.getAttribute("data-pb-player"));
      self.present[number] = button;
      self.names[number] = button.getAttribute("data-pb-name") || "";
      button.disabled = false;
    });
    this.read();
    var fallback = root.querySelector("[data-pb-fallback]");
    if (fallback) { fallback.parentNode.removeChild(fallback); }
    var controls = root.querySelector("[data-pb-controls]");
    if (controls) { controls.hidden = false; }
    var empty = root.querySelector("[data-pb-empty]");
    if (empty) { empty.parentNode.removeChild(empty); }
    root.addEventListener("click", function (event) { self.sync(); self.onClick(event); });
    // Another script may set the hidden input (the delivery engine restoring an answer kept
    // offline): the board follows it on "pairing-board:refresh" and before any action.
    root.addEventListener("pairing-board:refresh", function () { self.sync(); });
    root.addEventListener("focusin", function () { self.sync(); });
    root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && self.selected !== null) {
        var number = self.selected;
        self.selected = null;
        self.render();
        self.say(self.msg("unpicked", { player: self.who(number) }));
      }
    });
    if (this.quick) {
      this.quick.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); self.sync(); self.addTyped(); }
      });
    }
    this.render();
  }

  Board.prototype.read = function () {
    try {
      this.answer = this.clean(JSON.parse(this.input.value || "{}"));
    } catch (error) {
      this.answer = { pairs: [], byes: [] };
    }
    this.written = this.input.value;
  };

  Board.prototype.sync = function () {
    if (this.input.value === this.written) { return; }
    this.read();
    this.selected = null;
    this.render();
  };

  Board.prototype.msg = function (key, values) {
    var name = "data-msg-" + key;
    return format(this.root.getAttribute(name) || key, values || {});
  };

  Board.prototype.clean = function (data) {
    var pairs = Array.isArray(data.pairs) ? data.pairs : [];
    var byes = Array.isArray(data.byes) ? data.byes : [];
    return {
      pairs: pairs.filter(function (p) { return Array.isArray(p) && p.length === 2; })
        .map(function (p) { return [Number(p[0]), Number(p[1])]; }),
      byes: byes.map(Number)
    };
  };

  Board.prototype.who = function (number) {
    return this.names[number] ? number + " " + this.names[number] : String(number);
  };

  Board.prototype.seatOf = function (number) {
    for (var i = 0; i < this.answer.pairs.length; i += 1) {
      if (this.answer.pairs[i].indexOf(number) !== -1) { return this.msg("seat", { board: i + 1 }); }
    }
    return this.answer.byes.indexOf(number) !== -1 ? this.msg("seat-bye") : "";
  };

  Board.prototype.change = function (mutate, message) {
    this.history.push(JSON.stringify(this.answer));
    if (this.history.length > 200) { this.history.shift(); }
    mutate(this.answer);
    this.commit(message);
  };

  Board.prototype.commit = function (message) {
    this.input.value = JSON.stringify(this.answer);
    this.written = this.input.value;
    this.input.dispatchEvent(new Event("input", { bubbles: true }));
    this.input.dispatchEvent(new Event("change", { bubbles: true }));
    this.render();
    this.say(message);
  };

  Board.prototype.say = function (message) {
    var seated = this.seatedCount();
    var present = Object.keys(this.present).length;
    var tail = seated === present ? this.msg("all") : this.msg("count", { seated: seated, present: present });
    // A new text node each time, so that the same message twice is still announced.
    this.status.textContent = "";
    this.status.appendChild(document.createTextNode(message + " " + tail));
  };

  Board.prototype.seatedCount = function () {
    var self = this;
    var seen = {};
    this.answer.pairs.forEach(function (p) { seen[p[0]] = seen[p[1]] = true; });
    this.answer.byes.forEach(function (n) { seen[n] = true; });
    return Object.keys(seen).filter(function (n) { return self.present[n]; }).length;
  };

  Board.prototype.pick = function (number) {
    var seat = this.seatOf(number);
    if (seat) { this.say(this.msg("seated", { player: this.who(number), seat: seat })); return; }
    if (this.selected === null) {
      this.selected = number;
      this.render();
      this.say(this.msg("picked", { player: this.who(number) }));
    } else if (this.selected === number) {
      this.selected = null;
      this.render();
      this.say(this.msg("unpicked", { player: this.who(number) }));
    } else {
      this.makeBoard(this.selected, number);
    }
  };

  Board.prototype.makeBoard = function (white, black) {
    var self = this;
    this.selected = null;
    this.change(function (answer) { answer.pairs.push([white, black]); },
      this.msg("board", { board: this.answer.pairs.length + 1, white: self.who(white), black: self.who(black) }));
  };

  Board.prototype.giveBye = function (number) {
    this.selected = null;
    this.change(function (answer) { answer.byes.push(number); }, this.msg("bye", { player: this.who(number) }));
  };

  Board.prototype.addTyped = function () {
    var text = this.quick.value.trim();
    if (!text) { return; }
    var board = /^(\d{1,4})\s*[-–]\s*(\d{1,4})$/.exec(text);
    var bye = /^(?:(?:exempt|bye)\s+(\d{1,4})|(\d{1,4})\s+(?:exempt|bye))$/i.exec(text);
    if (!board && !bye) { this.say(this.msg("quick-bad", { text: text })); return; }
    var players = board ? [Number(board[1]), Number(board[2])] : [Number(bye[1] || bye[2])];
    for (var i = 0; i < players.length; i += 1) {
      if (!this.present[players[i]]) { this.say(this.msg("quick-unknown", { player: players[i] })); return; }
      var seat = this.seatOf(players[i]);
      if (seat) { this.say(this.msg("seated", { player: this.who(players[i]), seat: seat })); return; }
    }
    if (board && players[0] === players[1]) { this.say(this.msg("quick-self")); return; }
    this.quick.value = "";
    if (board) { this.makeBoard(players[0], players[1]); } else { this.giveBye(players[0]); }
  };

  Board.prototype.onClick = function (event) {
    var target = event.target.closest("button");
    if (!target || !this.root.contains(target)) { return; }
    var self = this;
    if (target.hasAttribute("data-pb-player")) {
      this.pick(Number(target.getAttribute("data-pb-player")));
      return;
    }
    var action = target.getAttribute("data-pb-action");
    var index = Number(target.getAttribute("data-pb-index"));
    if (action === "bye") {
      if (this.selected === null) { this.say(this.msg("bye-none")); } else { this.giveBye(this.selected); }
    } else if (action === "undo") {
      if (!this.history.length) { this.say(this.msg("undo-none")); return; }
      this.answer = JSON.parse(this.history.pop());
      this.selected = null;
      this.commit(this.msg("undo"));
    } else if (action === "clear") {
      this.selected = null;
      this.change(function (answer) { answer.pairs = []; answer.byes = []; }, this.msg("cleared"));
    } else if (action === "quick") {
      this.addTyped();
    } else if (action === "swap") {
      var pair = this.answer.pairs[index];
      this.change(function (answer) { answer.pairs[index] = [pair[1], pair[0]]; },
        this.msg("swap", { board: index + 1, white: this.who(pair[1]), black: this.who(pair[0]) }));
      this.focusIn("[data-pb-action=swap][data-pb-index='" + index + "']");
    } else if (action === "remove") {
      var removed = this.answer.pairs[index];
      this.change(function (answer) { answer.pairs.splice(index, 1); },
        this.msg("removed", { board: index + 1, white: self.who(removed[0]), black: self.who(removed[1]) }));
      this.focusAfterRemoval("[data-pb-action=remove]", index);
    } else if (action === "remove-bye") {
      var player = this.answer.byes[index];
      this.change(function (answer) { answer.byes.splice(index, 1); }, this.msg("bye-removed", { player: this.who(player) }));
      this.focusAfterRemoval("[data-pb-action=remove-bye]", index);
    }
  };

  Board.prototype.focusIn = function (selector) {
    var element = this.root.querySelector(selector);
    if (element) { element.focus(); }
  };

  Board.prototype.focusAfterRemoval = function (selector, index) {
    var buttons = this.root.querySelectorAll(selector);
    var next = buttons[Math.min(index, buttons.length - 1)];
    (next || this.heading).focus();
  };

  Board.prototype.player = function (number, colour) {
    var item = document.createElement("span");
    item.className = colour === "w" ? "pb-board__white" : colour === "b" ? "pb-board__black" : "";
    var chip = document.createElement("span");
    chip.className = "pb-chip" + (colour ? " pb-chip--" + colour : "");
    chip.textContent = colour === "w" ? this.msg("white") : colour === "b" ? this.msg("black") : this.msg("exempt");
    var num = document.createElement("span");
    num.className = "pb-num";
    num.textContent = String(number);
    item.appendChild(chip);
    item.appendChild(document.createTextNode(" "));
    item.appendChild(num);
    if (this.names[number]) { item.appendChild(document.createTextNode(" " + this.names[number])); }
    return item;
  };

  Board.prototype.button = function (action, index, text, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button button--small button--secondary";
    button.setAttribute("data-pb-action", action);
    button.setAttribute("data-pb-index", String(index));
    button.setAttribute("aria-label", label);
    button.textContent = text;
    return button;
  };

  Board.prototype.render = function () {
    var self = this;
    var focused = document.activeElement;
    var keep = focused && this.list.contains(focused) ? focused.getAttribute("data-pb-action") + focused.getAttribute("data-pb-index") : null;
    this.list.textContent = "";
    this.answer.pairs.forEach(function (pair, index) {
      var item = document.createElement("li");
      item.className = "pb-board";
      item.appendChild(self.player(pair[0], "w"));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(self.player(pair[1], "b"));
      var actions = document.createElement("span");
      actions.className = "pb-board__actions";
      actions.appendChild(self.button("swap", index, self.msg("swap-button"), self.msg("swap-label", { board: index + 1 })));
      actions.appendChild(self.button("remove", index, self.msg("remove-button"), self.msg("remove-label", { board: index + 1 })));
      item.appendChild(actions);
      self.list.appendChild(item);
    });
    this.byeList.textContent = "";
    this.answer.byes.forEach(function (number, index) {
      var item = document.createElement("li");
      item.className = "pb-board pb-board--bye";
      item.appendChild(self.player(number, ""));
      var actions = document.createElement("span");
      actions.className = "pb-board__actions";
      actions.appendChild(self.button("remove-bye", index, self.msg("remove-button"), self.msg("remove-bye-label", { player: self.who(number) })));
      item.appendChild(actions);
      self.byeList.appendChild(item);
    });
    Object.keys(this.present).forEach(function (key) {
      var number = Number(key);
      var button = self.present[key];
      var seat = self.seatOf(number);
      button.setAttribute("aria-pressed", self.selected === number ? "true" : "false");
      button.querySelector("[data-pb-seat]").textContent = seat;
      button.closest("[data-pb-card]").classList.toggle("is-seated", Boolean(seat));
      button.closest("[data-pb-card]").classList.toggle("is-selected", self.selected === number);
    });
    var seated = this.seatedCount();
    var present = Object.keys(this.present).length;
    this.count.textContent = seated === present ? this.msg("all") : this.msg("count", { seated: seated, present: present });
    if (keep) {
      var again = this.list.querySelector("[data-pb-action='" + keep.replace(/\d+$/, "") + "'][data-pb-index='" + keep.replace(/^\D+/, "") + "']");
      if (again) { again.focus(); }
    }
  };

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-pairing-board]:not(.pairing-board--readonly)"), function (root) {
      if (!root.pbBoard) { root.pbBoard = new Board(root); }
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
  document.addEventListener("htmx:afterSettle", start);
})();
