/* The tablet's outbox: the writes that could not reach the server, kept on the device
   (IndexedDB) in the order they were made, each with its form's one-time key. Shared by the
   pages (outbox.js) and the service worker (sw.js), which both keep writes here. */
(function (root) {
  "use strict";
  var DB = "banker-outbox";
  var STORE = "writes";
  // What a proxy answers when the house server is down: the write did not get there.
  var GATEWAY = [502, 503, 504];
  // Buttons that only adjust a form or ask for a preview: they write nothing.
  var NOT_WRITES = ["preview", "bump", "adjust", "add_up"];

  function open() {
    return new Promise(function (resolve, reject) {
      var request = root.indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, {keyPath: "id", autoIncrement: true});
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // Run `work(store)` in one transaction; resolves with what work's request gave.
  function inStore(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result;
        var request = work(tx.objectStore(STORE));
        if (request) { request.onsuccess = function () { result = request.result; }; }
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
        tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function all() {
    return inStore("readonly", function (store) { return store.getAll(); })
      .then(function (items) { return (items || []).sort(function (a, b) { return a.id - b.id; }); });
  }

  // Keep a write; a second tap on the same form (same key) is the same write, kept once.
  function keep(item) {
    return all().then(function (items) {
      var same = items.filter(function (it) { return it.key && it.key === item.key; })[0];
      if (same) { return same.id; }
      var record = {url: item.url, body: item.body, key: item.key || "", from: item.from || "",
                    label: item.label || "", kept: Date.now(), state: "waiting", sentence: ""};
      return inStore("readwrite", function (store) { return store.add(record); });
    });
  }

  function put(item) {
    return inStore("readwrite", function (store) { return store.put(item); });
  }

  function drop(id) {
    return inStore("readwrite", function (store) { return store["delete"](id); });
  }

  function isWrite(fields) {
    if (!fields.get("key") || fields.has("preview")) { return false; }
    var saving = fields.has("save") || fields.has("nothing");
    return saving || !NOT_WRITES.some(function (name) { return fields.has(name); });
  }

  // The kept copy of a page: its address without "?saved=…" (what was just saved).
  function pageKey(address) {
    var url = new URL(address);
    url.searchParams["delete"]("saved");
    url.hash = "";
    return url.toString();
  }

  root.BankerOutbox = {
    all: all, keep: keep, put: put, drop: drop, isWrite: isWrite, pageKey: pageKey,
    GATEWAY: GATEWAY, NOT_WRITES: NOT_WRITES, PAGES: "banker-pages"
  };
})(self);
