// The candidate's attempt page: saves each answer as it is given, keeps unsent answers in
// localStorage (network cut, crash, reload) and sends them again, counts down the time the
// server gave. The page works without this file: each question is a form that saves itself.
(function () {
  "use strict";
  var root = document.getElementById("attempt");
  if (!root || !root.dataset.attempt) { return; }

  var saveUrl = root.dataset.saveUrl;
  var prefix = "arbitre-delivery:" + root.dataset.attempt + ":";
  var statusLine = document.getElementById("save-status");
  var SKIPPED = { csrfmiddlewaretoken: true, item: true, sequence: true };
  var inFlight = {};
  var memory = {}; // when localStorage is unavailable (private browsing, quota)
  var retryDelay = 1000;
  var retryTimer = null;
  var closing = false;

  function message(name) { return root.getAttribute("data-msg-" + name) || ""; }

  // --- Storage: one entry per unacknowledged answer, shared by every tab of the attempt ----
  function read(key) {
    try {
      var raw = window.localStorage.getItem(prefix + key);
      return raw ? JSON.parse(raw) : null;
    } catch (error) { return memory[key] || null; }
  }
  function write(key, value) {
    memory[key] = value;
    try { window.localStorage.setItem(prefix + key, JSON.stringify(value)); } catch (error) { /* memory keeps it */ }
  }
  function remove(key) {
    delete memory[key];
    try { window.localStorage.removeItem(prefix + key); } catch (error) { /* nothing stored */ }
  }
  function pendingItems() {
    var items = {};
    Object.keys(memory).forEach(function (key) { if (key.indexOf("item-") === 0) { items[key.slice(5)] = true; } });
    try {
      for (var index = 0; index < window.localStorage.length; index++) {
        var key = window.localStorage.key(index);
        if (key && key.indexOf(prefix + "item-") === 0) { items[key.slice(prefix.length + 5)] = true; }
      }
    } catch (error) { /* memory only */ }
    return Object.keys(items);
  }

  // Save numbers grow with time, so that of two tabs the later answer wins; the counter keeps
  // them strictly increasing within the same millisecond. The time is the server's, as the page
  // gave it (microseconds): a computer whose clock is behind (a candidate moved to another
  // machine) would otherwise number its answers below those already stored, and lose them. A
  // question's number also stays above the one the server holds for it.
  var clockOffset = root.dataset.serverNow ? Number(root.dataset.serverNow) - Date.now() * 1000 : 0;
  var FUTURE = 300e6; // numbers more than five minutes ahead of the server come from a wrong clock

  function storedSequence(item) {
    var section = item ? sectionFor(item) : null;
    return section ? Number(section.getAttribute("data-sequence") || 0) : 0;
  }

  function nextSequence(item) {
    var now = Math.floor(Date.now() * 1000 + clockOffset);
    var last = read("last") || 0;
    if (last > now + FUTURE) { last = 0; } // left by a clock that was ahead: the server refuses it
    var sequence = Math.max(now, last + 1, storedSequence(item) + 1);
    write("last", sequence);
    return sequence;
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) { return decodeURIComponent(match[1]); }
    var field = root.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  // --- The page's state --------------------------------------------------------------------
  function formFor(item) { return root.querySelector("form.dl-form[data-item='" + item + "']"); }
  function sectionFor(item) { return root.querySelector(".dl-question[data-item='" + item + "']"); }

  function fieldsOf(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) { if (!SKIPPED[name]) { pairs.push([name, String(value)]); } });
    return pairs;
  }

  function applyFields(form, pairs) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || SKIPPED[input.name]) { return; }
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = pairs.some(function (pair) { return pair[0] === input.name && pair[1] === input.value; });
      } else if (input.type !== "submit" && input.type !== "button") {
        var found = pairs.filter(function (pair) { return pair[0] === input.name; })[0];
        input.value = found ? found[1] : "";
      }
    });
  }

  function describe(pairs) {
    var answered = pairs.some(function (pair) { return pair[0] !== "flagged" && pair[1].trim() !== ""; });
    var flagged = pairs.some(function (pair) { return pair[0] === "flagged"; });
    return { answered: answered, flagged: flagged };
  }

  function markNavigator(item, state) {
    var link = root.querySelector("[data-nav-item='" + item + "']");
    if (!link) { return; }
    link.classList.toggle("is-answered", state.answered);
    link.classList.toggle("is-flagged", state.flagged);
    var text = link.querySelector("[data-nav-state]");
    if (text) {
      text.textContent = (state.answered ? message("answered") : message("unanswered")) +
        (state.flagged ? ", " + message("flagged") : "");
    }
  }

  function setStatus(item, text, state) {
    var section = sectionFor(item);
    var line = section && section.querySelector("[data-status]");
    if (line) { line.textContent = text; line.setAttribute("data-state", state); }
  }

  function setGlobal(text, state) {
    if (!statusLine) { return; }
    statusLine.textContent = text;
    statusLine.setAttribute("data-state", state);
  }

  var lastSaved = "";
  function refreshGlobal(savedAt) {
    if (savedAt) { lastSaved = savedAt; }
    if (closing || (statusLine && statusLine.getAttribute("data-state") === "offline" && retryTimer)) { return; }
    if (pendingItems().length === 0) {
      setGlobal(lastSaved ? message("saved") + " " + lastSaved : message("all-saved"), "saved");
    } else if (!navigator.onLine || retryTimer) {
      setGlobal(message("offline"), "offline");
    } else {
      setGlobal(message("saving"), "saving");
    }
  }

  // --- Saving --------------------------------------------------------------------------------
  // Every change is kept at once (a reload or a crash loses nothing); sending waits a little
  // while the candidate types.
  function keep(form) {
    var item = form.getAttribute("data-item");
    var pairs = fieldsOf(form);
    write("item-" + item, { sequence: nextSequence(item), fields: pairs });
    markNavigator(item, describe(pairs));
    setStatus(item, message("saving"), "saving");
    refreshGlobal();
  }

  function queue(form) {
    keep(form);
    flush();
  }

  function send(item) {
    var entry = read("item-" + item);
    if (!entry || inFlight[item]) { return Promise.resolve(); }
    inFlight[item] = entry.sequence;
    var body = new FormData();
    body.append("item", item);
    body.append("sequence", String(entry.sequence));
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(saveUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() },
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (response.redirected || !json) {
        // The login page (session expired) or a proxy's page: nothing was saved.
        delete inFlight[item];
        offline(item, response.redirected || response.status === 403 ? "login" : unavailable(response));
        return null;
      }
      return response.json().catch(function () { return {}; }).then(function (data) {
        delete inFlight[item];
        acknowledge(item, entry, response.status, data, response);
      });
    }, function () {
      delete inFlight[item];
      offline(item);
    });
  }

  // A 503 (database down or locked, server restarting): the server asks to come back after
  // Retry-After seconds; the answer stays queued meanwhile.
  function unavailable(response) {
    if (response.status !== 503) { return "pending"; }
    var seconds = parseInt(response.headers.get("Retry-After") || "", 10);
    if (seconds > 0) { retryDelay = Math.min(Math.max(retryDelay, seconds * 1000), 30000); }
    return "unavailable";
  }

  function acknowledge(item, entry, status, data, response) {
    var current = read("item-" + item);
    if (status === 200 && (data.status === "saved" || data.status === "stale")) {
      retryDelay = 1000;
      // Only what was sent is acknowledged: a newer answer given meanwhile is sent next.
      if (current && current.sequence <= entry.sequence) { remove("item-" + item); }
      if (typeof data.remaining === "number") { syncClock(data.remaining); }
      var section = sectionFor(item);
      if (section && data.sequence > storedSequence(item)) { section.setAttribute("data-sequence", String(data.sequence)); }
      if (!read("item-" + item) && data.status === "stale") {
        // The server holds a newer answer than the last one given here: sent from another tab
        // or device. Say so rather than "saved": this page no longer shows what is stored.
        setStatus(item, message("stale"), "error");
        markNavigator(item, { answered: !!data.answered, flagged: !!data.flagged });
      } else if (!read("item-" + item)) {
        setStatus(item, message("saved") + " " + data.saved_at, "saved");
        markNavigator(item, { answered: !!data.answered, flagged: !!data.flagged });
      }
      refreshGlobal(data.saved_at);
      if (read("item-" + item)) { send(item); }
    } else if (status === 409) {
      // The attempt is closed: nothing more can be saved. The page shows why.
      pendingItems().forEach(function (key) { remove("item-" + key); });
      closing = true;
      setGlobal(data.message || message("time-up"), "closed");
      reloadOnce();
    } else if (status === 400) {
      if (current && current.sequence <= entry.sequence) { remove("item-" + item); }
      setStatus(item, data.message || "", "error");
      refreshGlobal();
    } else {
      // Logged out, server error, proxy page: keep the answer and try again later.
      offline(item, unavailable(response));
    }
  }

  function offline(item, reason) {
    setStatus(item, message("pending"), "offline");
    if (!retryTimer) {
      retryTimer = window.setTimeout(function () { retryTimer = null; flush(); }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30000);
    }
    var text = reason === "login" || reason === "unavailable" ? message(reason) : message("offline");
    setGlobal(text, "offline");
  }

  function flush() {
    var items = pendingItems();
    if (!navigator.onLine) {
      items.forEach(function (item) { setStatus(item, message("offline"), "offline"); });
      if (items.length) { setGlobal(message("offline"), "offline"); }
      return Promise.resolve();
    }
    refreshGlobal();
    return Promise.all(items.map(send));
  }

  function flushThen(action) {
    var deadline = Date.now() + 8000;
    function wait() {
      if (pendingItems().length === 0 || !navigator.onLine || Date.now() > deadline) { action(); return; }
      flush();
      window.setTimeout(wait, 250);
    }
    wait();
  }

  // --- Events ----------------------------------------------------------------------------------
  var sendTimer = null;
  function onEdit(event) {
    var form = event.target.form;
    if (!form || !form.classList.contains("dl-form")) { return; }
    var typing = event.type === "input" && (event.target.type === "text" || event.target.tagName === "TEXTAREA");
    keep(form);
    window.clearTimeout(sendTimer);
    sendTimer = window.setTimeout(flush, typing ? 700 : 50);
  }
  root.addEventListener("input", onEdit);
  root.addEventListener("change", onEdit);

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("dl-form")) { return; }
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("data-check")) {
      if (!navigator.onLine) {
        event.preventDefault(); // kept for later; the correction needs the server
        queue(form);
        return;
      }
      // Correcting now: the plain post saves this answer with a number newer than any queued
      // (a queued one left behind is dropped on the next page, the server having a newer one).
      form.elements.sequence.value = String(nextSequence(form.getAttribute("data-item")));
      return;
    }
    event.preventDefault();
    queue(form);
  });

  root.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-flush-link]");
    if (!link || pendingItems().length === 0) { return; }
    event.preventDefault();
    flushThen(function () { window.location.href = link.href; });
  });

  // Following a link of the navigator moves the keyboard focus to the question too, unless
  // the focus is already in it (the browser may have moved it there, and the candidate may
  // already have tabbed on to an answer before this event arrives: never pull it back).
  window.addEventListener("hashchange", function () {
    var target = document.getElementById(window.location.hash.slice(1));
    if (target && target.classList.contains("dl-question") && !target.contains(document.activeElement)) {
      target.focus();
    }
  });

  window.addEventListener("online", function () {
    retryDelay = 1000;
    window.clearTimeout(retryTimer);
    retryTimer = null;
    flush();
  });
  window.addEventListener("offline", function () { setGlobal(message("offline"), "offline"); });
  // Another tab saved or queued something: keep the global status honest.
  window.addEventListener("storage", function (event) {
    if (event.key && event.key.indexOf(prefix) === 0) { refreshGlobal(); }
  });

  // --- The end of the time: one transition, never a loop ------------------------------------
  // At the deadline the page turns read-only where it stands, sends what it still holds (the
  // server takes answers given in time until the grace period is over), and comes back once,
  // when the server has handed the copy in: the result then says "Temps écoulé : copie remise".
  // A page reloads itself at most once: a reload into the same state would loop.
  var reloaded = false;
  function reloadOnce() {
    if (reloaded) { return; }
    reloaded = true;
    window.location.reload();
  }
  var graceSeconds = Number(root.dataset.graceSeconds || 0);
  function timeUp() {
    if (closing) { return; }
    closing = true;
    Array.prototype.forEach.call(root.querySelectorAll(".dl-form input, .dl-form textarea, .dl-form select, .dl-form button"),
      function (input) { input.disabled = true; });
    Array.prototype.forEach.call(root.querySelectorAll("[data-flush-link]"), function (link) { link.hidden = true; });
    var banner = document.getElementById("time-up-banner");
    if (banner) { banner.hidden = false; }
    setGlobal(message("time-up"), "closed");
    flushThen(function () {
      setGlobal(message("handing-in"), "closed");
      window.setTimeout(reloadOnce, (graceSeconds + 1) * 1000);
    });
  }

  // --- The countdown: the server's remaining seconds, counted down by a monotonic clock ------
  var countdown = document.getElementById("countdown");
  var announce = document.getElementById("time-announce");
  var endsAt = null;
  var announced = {};
  function syncClock(remaining) { endsAt = performance.now() + remaining * 1000; }
  function format(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    var mm = (hours && minutes < 10 ? "0" : "") + minutes;
    return (hours ? hours + ":" : "") + mm + ":" + (secs < 10 ? "0" : "") + secs;
  }
  function tick() {
    var left = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
    countdown.textContent = format(left);
    countdown.parentNode.classList.toggle("is-short", left <= 300);
    [[300, "five-minutes"], [60, "one-minute"]].forEach(function (mark) {
      if (left <= mark[0] && left > mark[0] - 5 && !announced[mark[1]]) {
        announced[mark[1]] = true;
        announce.textContent = message(mark[1]);
      }
    });
    if (left === 0) { timeUp(); return; }
    window.setTimeout(tick, 250);
  }
  if (countdown && root.dataset.remaining !== undefined && !root.dataset.timeUp) {
    syncClock(Number(root.dataset.remaining));
    tick();
    // An invigilator may add time while the candidate saves nothing: ask now and then.
    window.setInterval(askClock, 30000);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { askClock(); } });
  }
  function askClock() {
    if (closing || !navigator.onLine) { return; }
    fetch(root.dataset.clockUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) { return; }
        if (!data.open) { closing = true; flushThen(reloadOnce); return; }
        if (typeof data.remaining === "number") {
          var before = Math.ceil((endsAt - performance.now()) / 1000);
          syncClock(data.remaining);
          if (data.remaining > before + 30) { announce.textContent = message("extended"); }
        }
      }, function () { /* offline: the next save or ask will tell */ });
  }

  // --- On load: the server's answers, then any newer one this browser had not sent ----------
  pendingItems().forEach(function (item) {
    var entry = read("item-" + item);
    var section = sectionFor(item);
    var form = formFor(item);
    if (!entry || !section || !form) { remove("item-" + item); return; }
    if (entry.sequence <= Number(section.getAttribute("data-sequence") || 0)) {
      remove("item-" + item); // the server already has this answer or a newer one
      return;
    }
    applyFields(form, entry.fields);
    // A pairing board draws itself from its hidden input: it must redraw the restored boards.
    Array.prototype.forEach.call(form.querySelectorAll("[data-pairing-board]"), function (board) {
      board.dispatchEvent(new CustomEvent("pairing-board:refresh"));
    });
    markNavigator(item, describe(entry.fields));
    setStatus(item, message("saving"), "saving");
  });
  if (pendingItems().length) { flush(); } else if (!root.dataset.timeUp) { setGlobal(message("all-saved"), "saved"); }
}());
