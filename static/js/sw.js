// Kreidetafel's service worker for the table pages (scope /t/): a table page once loaded keeps
// working without network. Pages and their styles and scripts are fetched from the network
// when it answers (and kept); without network the kept copy is served. Writes (POST) and the
// phones' polls are never answered from the cache: the page queues what could not be sent
// (static/js/table-offline.js).
"use strict";

var CACHE = "kreidetafel-table-v1";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// The page names what it needs offline (its own address, its styles and scripts).
self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) { return; }
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, {credentials: "same-origin"}).then(function (response) {
        if (response.ok) { return cache.put(url, response); }
      }).catch(function () { /* offline already: keep what is kept */ });
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.headers.get("HX-Request")) { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  var page = request.mode === "navigate" && url.pathname.indexOf("/t/") === 0;
  if (!page && url.pathname.indexOf("/static/") !== 0) { return; }
  var key = page ? url.origin + url.pathname : request.url;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(key, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(key).then(function (kept) { return kept || Response.error(); });
    })
  );
});
