/* The banker's service worker, version {{ version }} (ledger/views/offline.py serves it at /sw.js).

   - Static files: kept when the worker installs, answered from the device first.
   - The banker's pages (a GET that opens a page): from the network, a copy kept on the device;
     when the network is gone (or a proxy answers 502/503/504, or nothing comes back in time)
     the kept copy, marked as a copy, else the offline page.
   - A form sent while the network is gone: kept on the device with its one-time key
     (outbox_store.js) and the page it came from opened again; the pages send what is kept
     (outbox.js: on `online`, on every page load, every few seconds). The one-time key makes
     a second sending a replay, so nothing is written twice.
   Players' pages (/p/…), the login and the admin are never kept. */
"use strict";
importScripts({{ store|safe }});

var VERSION = "{{ version }}";
var STATIC_CACHE = "banker-static-" + VERSION;
var PRECACHE = {{ precache|safe }};
var STATIC_PREFIX = {{ static_prefix|safe }};
var OFFLINE = {{ offline|safe }};
var LOGOUT = {{ logout|safe }};
var PAGES = BankerOutbox.PAGES;
var NEVER_KEPT = /^\/(p|admin|login|logout)\//;
var WAIT_MS = 20000;     // a request with no answer by then counts as lost (it is resent)

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC_CACHE)
    .then(function (cache) { return cache.addAll(PRECACHE.concat([OFFLINE])); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("banker-static-") === 0 && name !== STATIC_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function inTime(promise) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("no answer in time")); }, WAIT_MS);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
                 function (error) { clearTimeout(timer); reject(error); });
  });
}

function unreachable(response) {
  return BankerOutbox.GATEWAY.indexOf(response.status) >= 0;
}

// A kept page, marked so that its page knows it is a copy (outbox.js gives its forms fresh
// one-time keys and shows since when the tablet is offline).
function asCopy(response) {
  var kept = response.headers.get("X-Banker-Kept") || "";
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(html.replace("<body", '<body data-offline-copy="' + kept + '"'),
                        {status: 200, headers: headers});
  });
}

function keepPage(key, response) {
  return response.clone().text().then(function (html) {
    var title = /<title>([^<]*)<\/title>/.exec(html);
    var headers = new Headers(response.headers);
    headers.delete("Set-Cookie");
    headers.set("X-Banker-Kept", String(Date.now()));
    headers.set("X-Banker-Title", encodeURIComponent(title ? title[1].trim() : key));
    return caches.open(PAGES).then(function (cache) {
      return cache.put(key, new Response(html, {status: 200, headers: headers}));
    });
  });
}

function offlineAnswer() {
  return caches.match(OFFLINE).then(function (page) {
    return page ? asCopy(page) : new Response("Offline: this page was not kept on the tablet.",
      {status: 503, headers: {"Content-Type": "text/plain; charset=utf-8"}});
  });
}

function openPage(event) {
  var request = event.request;
  var key = BankerOutbox.pageKey(request.url);
  var fromCopy = function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(key); })
      .then(function (kept) { return kept ? asCopy(kept) : offlineAnswer(); });
  };
  return inTime(fetch(request)).then(function (response) {
    if (unreachable(response)) { return fromCopy(); }
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (response.status === 200 && response.type === "basic" && html) {
      event.waitUntil(keepPage(key, response));
    }
    return response;
  }, fromCopy);
}

// A form sent: straight to the server; kept on the device when it cannot get there.
function sendForm(event) {
  var request = event.request;
  var copy = request.clone();
  var path = new URL(request.url).pathname;
  if (path === LOGOUT) {   // the pages kept on this tablet go with the banker's login
    return caches.delete(PAGES).then(function () { return fetch(request); });
  }
  var keep = function () {
    var type = copy.headers.get("Content-Type") || "";
    return copy.text().then(function (body) {
      var fields = new URLSearchParams(body);
      if (type.indexOf("application/x-www-form-urlencoded") !== 0 ||
          !BankerOutbox.isWrite(fields)) {
        return offlineAnswer();   // a preview, an "add up": they need the server
      }
      return BankerOutbox.keep({url: request.url, body: body, key: fields.get("key"),
                                from: request.referrer || request.url})
        .then(function () { return Response.redirect(request.referrer || request.url, 303); });
    });
  };
  return inTime(fetch(request)).then(function (response) {
    return unreachable(response) ? keep() : response;
  }, keep);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  var kept = !NEVER_KEPT.test(url.pathname);
  if (request.mode === "navigate" && request.method === "POST" &&
      (kept || url.pathname === LOGOUT)) {
    event.respondWith(sendForm(event));
  } else if (request.mode === "navigate" && request.method === "GET" && kept) {
    event.respondWith(openPage(event));
  } else if (request.method === "GET" && url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request);
    }));
  }
});
