/* The tablet rides out the Wi-Fi (the banker's pages; body[data-outbox]).

   A write that cannot reach the server is kept on the tablet with its one-time key
   (outbox_store.js): by this page when the tablet knows it is offline, or when earlier writes
   still wait (they go in order); by the service worker when the network fails under a form
   already on its way. Every page shows "N waiting to send" and sends them, oldest first, on
   the browser's `online` event, on every page load and every few seconds. The one-time key
   makes a second sending a replay of the first: a write reaches the journal once however often
   it is sent. One the server now refuses is shown with the server's sentence, to redo or drop.
   A page opened while offline is the copy kept on the tablet, under "Offline since 21:42". */
(function () {
  "use strict";
  var store = window.BankerOutbox;
  var EVERY_MS = 5000;
  var WAIT_MS = 20000;
  var SINCE = "banker-offline-since";
  var LABEL = "banker-label:";   // + a form's key: what the outbox calls a write the worker kept
  var waiting = 0;          // what the outbox held when last read
  var sending = false;
  var body = null;

  function hhmm(ms) { return new Date(ms).toTimeString().slice(0, 5); }

  function offlineSince() { return parseInt(window.localStorage.getItem(SINCE) || "0", 10); }

  function markOffline() {
    if (!offlineSince()) { window.localStorage.setItem(SINCE, String(Date.now())); }
    showBanner();
  }

  function markOnline() {
    window.localStorage.removeItem(SINCE);
    showBanner();
  }

  function showBanner() {
    var banner = document.getElementById("offline-banner");
    if (!banner || !body) { return; }
    var since = offlineSince();
    var copy = parseInt(body.dataset.offlineCopy || "0", 10);
    banner.hidden = !since && !copy;
    banner.textContent = "";
    if (!since) {
      if (copy) {   // back online on a kept copy: the live page is a tap away
        banner.textContent = "The connection is back; this page is the copy kept at " +
          hhmm(copy) + ". ";
        var again = document.createElement("a");
        again.href = window.location.href;
        again.textContent = "Open the page as it is now";
        banner.appendChild(again);
      }
      return;
    }
    var words = "Offline since " + hhmm(since) + ".";
    if (copy) { words += " This page is the copy kept at " + hhmm(copy) + "; it shows nothing newer."; }
    words += " What you save is kept on this tablet and sent when the connection is back.";
    banner.textContent = words;
  }

  // A fresh one-time key, as the server makes them (forms/fields.py: KEY_PATTERN).
  function newKey() {
    var bytes = new Uint8Array(18);
    window.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function freshKeys(root) {
    root.querySelectorAll("form input[name=key]").forEach(function (input) {
      input.value = newKey();
    });
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) { return input.value; }
    try { return JSON.parse(body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (e) { return ""; }
  }

  function text(node) { return (node.textContent || "").replace(/\s+/g, " ").trim(); }

  // What the banker chose in a form, for the outbox's list: "Buy-in: Fred, 20.00, Cash".
  function describe(form, submitter) {
    var parts = [];
    form.querySelectorAll("select").forEach(function (select) {
      var option = select.selectedOptions && select.selectedOptions[0];
      if (select.value && option) { parts.push(text(option).replace(/\s*\(.*$/, "")); }
    });
    form.querySelectorAll("input[inputmode=decimal], input[data-chip-cents]").forEach(function (input) {
      if (input.value && input.value !== "0") {
        var label = input.dataset.colourName ? input.dataset.colourName + " " : "";
        parts.push(label + input.value);
      }
    });
    if (submitter && submitter.name === "quick") { parts.push(submitter.value); }   // "$10"
    form.querySelectorAll("input[type=radio]:checked").forEach(function (radio) {
      var label = radio.closest("label");
      if (label) { parts.push(text(label)); }
    });
    var title = document.title.split(" · ")[0];
    return title + (parts.length ? ": " + parts.slice(0, 6).join(", ") : "");
  }

  function inTime(promise) {
    return new Promise(function (resolve, reject) {
      var timer = window.setTimeout(function () { reject(new Error("late")); }, WAIT_MS);
      promise.then(function (v) { window.clearTimeout(timer); resolve(v); },
                   function (e) { window.clearTimeout(timer); reject(e); });
    });
  }

  // Why the server did not write it, from the page it answered with; "" when it was written.
  function refusal(doc, response) {
    var question = doc.querySelector("#duplicate p, [data-confirm-field] p");
    if (question) { return text(question); }
    var said = [];
    doc.querySelectorAll(".error-box p:not(.small), .field-error, .msg-error, .msg-warning, .msg-info")
      .forEach(function (node) {
        var words = text(node);
        if (words && said.indexOf(words) < 0 && !/^Please fix what is marked/.test(words)) {
          said.push(words);
        }
      });
    if (said.length) { return said.join(" "); }
    if (!response.ok) { return "The server refused it (" + response.status + "); nothing was written."; }
    if (!response.redirected) { return "The server did not save it; redo it on its page."; }
    return "";
  }

  function send(item) {
    var fields = new URLSearchParams(item.body);
    var token = csrfToken();
    if (token) { fields.set("csrfmiddlewaretoken", token); }
    return inTime(window.fetch(item.url, {method: "POST", body: fields, credentials: "same-origin"}))
      .then(function (response) {
        if (store.GATEWAY.indexOf(response.status) >= 0) { return {state: "unreachable"}; }
        if (body.dataset.login && new URL(response.url).pathname === body.dataset.login) {
          return {state: "login"};
        }
        return response.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var sentence = refusal(doc, response);
          var asks = doc.querySelector("[data-confirm-field]");   // a question, not a no
          return sentence ? {state: "refused", sentence: sentence,
                             confirm: asks ? asks.dataset.confirmField
                               : doc.getElementById("duplicate") ? "confirm_duplicate" : ""}
            : {state: "written"};
        });
      }, function () { return {state: "unreachable"}; });
  }

  // Send what waits, oldest first; stop at the first that cannot get through.
  function flush() {
    if (sending || !body) { return Promise.resolve(); }
    sending = true;
    var reached = false;
    var stopped = false;
    var loginNeeded = false;
    return store.all().then(function (items) {
      var next = function (i) {
        if (i >= items.length || stopped) { return Promise.resolve(); }
        var item = items[i];
        if (item.state !== "waiting") { return next(i + 1); }
        return send(item).then(function (answer) {
          if (answer.state === "unreachable" || answer.state === "login") {
            stopped = true;
            loginNeeded = answer.state === "login";
            return null;
          }
          reached = true;
          if (answer.state === "written") { return store.drop(item.id); }
          item.state = "refused";
          item.sentence = answer.sentence;
          item.confirm = answer.confirm;
          return store.put(item);
        }).then(function () { return next(i + 1); });
      };
      return next(0);
    }).then(function () {
      if (reached) { markOnline(); }
      else if (stopped && !loginNeeded) { markOffline(); }
      body.dataset.outboxLogin = loginNeeded ? "1" : "";
      if (!stopped && !reached && offlineSince() && navigator.onLine) { return ping(); }
      return null;
    }).then(render, render).then(function () { sending = false; }, function () { sending = false; });
  }

  // Nothing to send: ask the server whether it is back (a HEAD of the manifest).
  function ping() {
    return inTime(window.fetch(body.dataset.manifest, {method: "HEAD", cache: "no-store"}))
      .then(function (response) {
        if (store.GATEWAY.indexOf(response.status) < 0) { markOnline(); }
      }, markOffline);
  }

  function button(label, action, id) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn btn-small";
    b.textContent = label;
    b.dataset.outboxAction = action;
    b.dataset.outboxId = String(id);
    return b;
  }

  // Name the writes the worker kept by what their pages said; forget the names of the rest.
  function labelled(items) {
    var keys = {};
    items.forEach(function (item) {
      keys[item.key] = true;
      if (!item.label) { item.label = window.localStorage.getItem(LABEL + item.key) || ""; }
    });
    Object.keys(window.localStorage).forEach(function (name) {
      if (name.indexOf(LABEL) === 0 && !keys[name.slice(LABEL.length)]) {
        window.localStorage.removeItem(name);
      }
    });
  }

  function render() {
    var box = document.getElementById("outbox");
    if (!box) { return Promise.resolve(); }
    return store.all().then(function (items) {
      labelled(items);
      var queued = items.filter(function (it) { return it.state === "waiting"; });
      var refused = items.filter(function (it) { return it.state === "refused"; });
      waiting = queued.length;
      box.textContent = "";
      box.hidden = !items.length;
      var kept = document.getElementById("outbox-kept");
      if (kept && !queued.length) {   // sent (or refused, said below): no longer kept here
        kept.hidden = true;
        kept.textContent = "";
      }
      if (queued.length) {
        var line = document.createElement("p");
        line.className = "outbox-waiting";
        line.id = "outbox-waiting";
        line.textContent = queued.length + " waiting to send" +
          (body.dataset.outboxLogin ? ": log in again and they go." : " (kept on this tablet).");
        box.appendChild(line);
        var list = document.createElement("ol");
        list.className = "outbox-list small";
        queued.forEach(function (item) {
          var li = document.createElement("li");
          li.textContent = hhmm(item.kept) + " " + (item.label || item.url);
          list.appendChild(li);
        });
        box.appendChild(list);
      }
      refused.forEach(function (item) {
        var div = document.createElement("div");
        div.className = "error-box outbox-refused";
        div.setAttribute("role", "alert");
        var what = document.createElement("p");
        what.textContent = "Not saved: " + (item.label || item.url) + " (kept at " +
          hhmm(item.kept) + ").";
        var why = document.createElement("p");
        why.className = "outbox-sentence";
        why.textContent = item.sentence;
        div.appendChild(what);
        div.appendChild(why);
        var row = document.createElement("p");
        row.className = "row";
        if (item.confirm) { row.appendChild(button("Yes, record it again", "again", item.id)); }
        row.appendChild(button("Redo it", "redo", item.id));
        row.appendChild(button("Drop it", "drop", item.id));
        div.appendChild(row);
        box.appendChild(div);
      });
    });
  }

  function find(id) {
    return store.all().then(function (items) {
      return items.filter(function (it) { return it.id === id; })[0];
    });
  }

  // Redo: the form's page again, with what was typed in it (the item leaves the outbox once
  // its form is filled; a page without that form, a closed night's, keeps it).
  var REDO = "banker-redo";

  function redo(item) {
    window.sessionStorage.setItem(REDO, String(item.id));
    window.location.assign(item.url);
  }

  function fillRedo() {
    var id = parseInt(window.sessionStorage.getItem(REDO) || "0", 10);
    if (!id) { return Promise.resolve(); }
    window.sessionStorage.removeItem(REDO);
    return find(id).then(function (item) {
      var form = item && document.querySelector("form[data-once]");
      if (!form) { return null; }
      new URLSearchParams(item.body).forEach(function (value, name) {
        if (["key", "csrfmiddlewaretoken", "save", "confirm_duplicate"].indexOf(name) >= 0) { return; }
        form.querySelectorAll("[name='" + name.replace(/'/g, "") + "']").forEach(function (field) {
          if (field.type === "radio" || field.type === "checkbox") {
            if (field.value === value) { field.checked = true; }
          } else if (field.tagName !== "BUTTON") {
            field.value = value;
          }
          field.dispatchEvent(new Event("input", {bubbles: true}));
        });
      });
      return store.drop(item.id).then(render);
    });
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest("button[data-outbox-action]");
    if (!b) { return; }
    var id = parseInt(b.dataset.outboxId, 10);
    find(id).then(function (item) {
      if (!item) { return render(); }
      if (b.dataset.outboxAction === "drop") { return store.drop(id).then(render); }
      if (b.dataset.outboxAction === "redo") { return redo(item); }
      var fields = new URLSearchParams(item.body);   // "again": the question answered yes
      fields.set(item.confirm || "confirm_duplicate", "on");
      item.body = fields.toString();
      item.state = "waiting";
      item.sentence = "";
      return store.put(item).then(flush);
    });
  });

  // A write while offline, or while older ones still wait: kept, in order, and the form made
  // ready for the next one (a fresh key). Otherwise the form goes to the server as usual.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!body || !form.matches("form[data-once]") || !form.querySelector("input[name=key]")) { return; }
    if ((form.method || "").toLowerCase() !== "post") { return; }
    var submitter = event.submitter || null;
    var fields = new URLSearchParams(new FormData(form));
    if (submitter && submitter.name) { fields.append(submitter.name, submitter.value); }
    if (!store.isWrite(fields)) { return; }
    if (navigator.onLine && !waiting) {
      // on its way to the server; should the worker have to keep it, this names it
      window.localStorage.setItem(LABEL + fields.get("key"), describe(form, submitter));
      return;
    }
    event.preventDefault();
    event.stopPropagation();   // kept here: htmx (on the form itself) must not send it too
    if (form.dataset.sending === "1") { return; }
    form.dataset.sending = "1";
    if (!navigator.onLine) { markOffline(); }
    store.keep({url: form.action || window.location.href, body: fields.toString(),
                key: fields.get("key"), from: window.location.href,
                label: describe(form, submitter)})
      .then(function () {
        form.reset();
        freshKeys(form);
        form.dataset.sending = "";
        form.querySelectorAll("input").forEach(function (input) {
          input.dispatchEvent(new Event("input", {bubbles: true}));
        });
        var kept = document.getElementById("outbox-kept");
        if (kept) {
          kept.hidden = false;
          kept.textContent = "Kept on this tablet: " + describe(form, null).split(":")[0] +
            ". It is sent as soon as the connection is back.";
        }
        return render();
      })
      .then(function () { if (navigator.onLine) { return flush(); } return null; });
  }, true);

  // The offline page lists the pages kept on the tablet (the service worker's copies).
  function listKept() {
    var list = document.querySelector("[data-kept-pages]");
    if (!list || !window.caches) { return; }
    window.caches.open(store.PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.map(function (request) {
          return cache.match(request).then(function (response) {
            var title = response && response.headers.get("X-Banker-Title");
            return [request.url, title ? decodeURIComponent(title) : request.url];
          });
        }));
      });
    }).then(function (pages) {
      if (!pages.length) { return; }
      list.textContent = "";
      pages.forEach(function (page) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = page[0];
        a.textContent = page[1];
        li.appendChild(a);
        list.appendChild(li);
      });
    });
  }

  window.addEventListener("online", function () { flush(); });
  window.addEventListener("offline", markOffline);

  document.addEventListener("DOMContentLoaded", function () {
    body = document.body;
    // a player's page (/p/…) opened on the banker's tablet is not the banker's
    if (!body.dataset.outbox || !store || !window.indexedDB ||
        window.location.pathname.indexOf("/p/") === 0) { body = null; return; }
    if (body.dataset.offlineCopy) {
      freshKeys(document);   // the copy's keys may have been used since it was kept
      markOffline();
      var saved = document.getElementById("saved");
      if (saved) { saved.hidden = true; }
    } else if (!navigator.onLine) {
      markOffline();
    }
    showBanner();
    listKept();
    if ("serviceWorker" in navigator && body.dataset.sw) {
      navigator.serviceWorker.register(body.dataset.sw, {scope: "/"}).catch(function () {
        return null;   // plain http on the house network: no worker, the outbox still works
      });
    }
    fillRedo().then(render).then(function () { return navigator.onLine ? flush() : null; });
    window.setInterval(function () { if (navigator.onLine) { flush(); } else { render(); } },
                       EVERY_MS);
  });
})();
