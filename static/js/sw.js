// Service worker: keeps the rulebook readable offline once it has been opened.
//
// Pages and JSON: network first, the copy kept for later; offline, the kept copy is served, marked so that
// the page says it is an offline copy. Opening any page of a rulebook also keeps that rulebook's
// whole-book page, so an offline clause that was never opened is still shown there, at its anchor.
// Static assets have versioned URLs and are served from the cache first.
"use strict";

var VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
var PAGES = "adjudicator-pages-v1";
var ASSETS = "adjudicator-assets-" + VERSION;
var MAX_PAGES = 400;
var BOOK_PAGE = /^\/rules\/([^\/.]+)(?:\/([^\/]+))?(?:\/([^\/]+))?$/;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("adjudicator-assets-") === 0 && name !== ASSETS;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - MAX_PAGES;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (key) { return cache.delete(key); }));
  });
}

function markOffline(response) {
  var type = response.headers.get("Content-Type") || "";
  if (type.indexOf("text/html") !== 0) return response;
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.delete("Content-Encoding");
    headers.delete("Content-Length");
    return new Response(html.replace("<html lang=\"ja\"", "<html lang=\"ja\" data-offline-copy=\"1\""), {
      status: response.status, statusText: response.statusText, headers: headers
    });
  });
}

function bookOf(path) {
  var match = BOOK_PAGE.exec(path);
  return match ? match[1] : null;
}

function wholeBookUrl(book) {
  return "/rules/" + book + "/all";
}

function keepWholeBook(book) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(wholeBookUrl(book)).then(function (kept) {
      if (kept) return undefined;
      return fetch(wholeBookUrl(book)).then(function (response) {
        if (response.ok) return cache.put(wholeBookUrl(book), response);
        return undefined;
      });
    });
  }).catch(function () { /* offline or failed: try again on the next page */ });
}

function offlineFallback(request, url) {
  var book = bookOf(url.pathname);
  var parts = BOOK_PAGE.exec(url.pathname);
  return caches.open(PAGES).then(function (cache) {
    if (book && request.mode === "navigate") {
      return cache.match(wholeBookUrl(book)).then(function (whole) {
        if (!whole) return null;
        var ref = parts[3] || parts[2];
        var anchor = ref && ref !== "all" ? "#c-" + ref : "";
        return Response.redirect(wholeBookUrl(book) + anchor, 302);
      });
    }
    return null;
  }).then(function (response) {
    return response || new Response(
      "<!doctype html><html lang=\"ja\" data-offline-copy=\"1\"><meta charset=\"utf-8\">" +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>オフライン</title><p>オフラインです。このページはまだこの端末に保存されていません。</p>" +
      "<p><a href=\"/\">ホーム</a></p></html>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
    );
  });
}

function networkFirst(event, url) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache); });
      }));
      var book = bookOf(url.pathname);
      if (book && request.mode === "navigate") event.waitUntil(keepWholeBook(book));
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request).then(function (kept) {
        return kept ? markOffline(kept) : offlineFallback(request, url);
      });
    });
  });
}

function cacheFirst(request) {
  return caches.open(ASSETS).then(function (cache) {
    return cache.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(event, url));
  }
});
