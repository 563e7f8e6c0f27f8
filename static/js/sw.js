// Service worker: keeps the site usable offline at a venue after one visit.
//
// On install it stores what a judge needs without a connection: the home page, every rulebook's table of
// contents and whole book, the glossary, the builder and the gallery, and the assets those pages use.
// Pages and JSON: network first, the copy kept for later; offline, the kept copy is served, marked so that
// the page says it is an offline copy. A clause that was never opened is shown in the stored whole book, at
// its anchor. Static assets have versioned URLs and are served from the cache first.
"use strict";

var VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
var PAGES = "adjudicator-pages-v1";
var ASSETS = "adjudicator-assets-" + VERSION;
var MAX_PAGES = 400;
var BOOK_PAGE = /^\/rules\/([^\/.]+)(?:\/([^\/]+))?(?:\/([^\/]+))?$/;

var START_PAGES = ["/", "/scenario/new", "/scenarios", "/rules/hi-story/glossary"];
var ASSET_URL = /(?:href|src)="(\/static\/[^"?]+\?v=[0-9a-f]+)"/g;

function keep(cacheName, url, response) {
  return caches.open(cacheName).then(function (cache) { return cache.put(url, response); });
}

// A page and the versioned assets it names, stored; a failure leaves the rest to be stored (never throws).
function storePage(url) {
  return fetch(url, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) return undefined;
    return response.clone().text().then(function (html) {
      var assets = [];
      var match;
      ASSET_URL.lastIndex = 0;
      while ((match = ASSET_URL.exec(html)) !== null) assets.push(match[1]);
      return Promise.all([keep(PAGES, url, response)].concat(assets.map(function (asset) {
        return caches.open(ASSETS).then(function (cache) {
          return cache.match(asset).then(function (kept) {
            return kept || fetch(asset).then(function (got) { return got.ok ? cache.put(asset, got) : undefined; });
          });
        });
      })));
    });
  }).catch(function () { return undefined; });
}

function startPages() {
  return fetch("/index.json").then(function (response) { return response.json(); }).then(function (index) {
    var pages = START_PAGES.slice();
    (index.rulebooks || []).forEach(function (book) {
      if (book.urls && book.urls.toc) pages.push(book.urls.toc);
      if (book.urls && book.urls.whole_book) pages.push(book.urls.whole_book);
    });
    return pages;
  }, function () { return START_PAGES.slice(); });
}

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(startPages().then(function (pages) { return Promise.all(pages.map(storePage)); }));
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
