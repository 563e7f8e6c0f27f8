// Progressive enhancement for every page: the pages work without it (plain links and form submits).
(function () {
  "use strict";

  var LIVE_DELAY_MS = 200;
  var LIVE_LIMIT = 8;

  function showOfflineBanner() {
    // The service worker marks pages it serves from its cache (see sw.js).
    if (document.documentElement.hasAttribute("data-offline-copy")) {
      var banner = document.getElementById("offline-banner");
      if (banner) banner.hidden = false;
    }
  }

  // Say plainly when this device cannot keep an offline copy: browsers install a service worker only in a
  // secure context (https, or localhost), and refuse one whose certificate the device does not trust.
  function showNoOfflineCopy(reason) {
    var note = document.getElementById("no-offline-copy");
    if (!note) return;
    note.querySelector("[data-reason]").textContent = reason;
    note.hidden = false;
  }

  function registerServiceWorker() {
    if (!window.isSecureContext) {
      showNoOfflineCopy("https で開いていないため");
      return;
    }
    if (!("serviceWorker" in navigator)) {
      showNoOfflineCopy("このブラウザが対応していないため");
      return;
    }
    var meta = document.querySelector('meta[name="assets-version"]');
    var version = meta ? meta.getAttribute("content") : "dev";
    navigator.serviceWorker.register("/sw.js?v=" + encodeURIComponent(version)).catch(function () {
      // The site works without it; the judge must know that it will not open without signal.
      showNoOfflineCopy("保存が拒否されたため（証明書がこの端末で信頼されていない可能性があります）");
    });
  }

  function setupCopyButtons() {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      var status = button.parentElement.querySelector(".copy-status");
      button.addEventListener("click", function () {
        var text = button.getAttribute("data-copy");
        // An anchor alone (a ruling's step) is joined to the link its list names once (trace.html).
        var base = text.charAt(0) === "#" ? button.closest("[data-copy-base]") : null;
        if (base) text = base.getAttribute("data-copy-base") + text;
        var done = function () { if (status) status.textContent = "コピーしました"; };
        var fallback = function () {
          var field = button.parentElement.querySelector("input");
          if (field) { field.focus(); field.select(); }
          if (status) status.textContent = "選択しました。コピーしてください";
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, fallback);
        } else {
          fallback();
        }
      });
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function liveItem(href, number, label, snippet) {
    var item = element("li");
    var link = element("a");
    link.href = href;
    if (number) link.appendChild(element("span", "live-number", number));
    link.appendChild(document.createTextNode(label));
    if (snippet) link.appendChild(element("span", "live-snippet", " " + snippet));
    item.appendChild(link);
    return item;
  }

  function renderLive(box, payload) {
    // Suggestions from memory while typing (search/suggest.py); the full ranking runs when the form is sent.
    box.textContent = "";
    var list = element("ol");
    payload.suggestions.forEach(function (suggestion) {
      if (suggestion.exact) {
        list.appendChild(liveItem(suggestion.url, suggestion.id, " へ移動", ""));
      } else if (suggestion.id) {
        var number = suggestion.label.split(" ")[0];
        list.appendChild(liveItem(suggestion.url, number, suggestion.label.slice(number.length), ""));
      } else {
        list.appendChild(liveItem(suggestion.url, "", suggestion.label, "で検索"));
      }
    });
    if (payload.search_url) {
      var all = liveItem(payload.search_url, "", "「" + payload.query.trim() + "」", "で条文を検索（Enter）");
      all.className = "live-submit";
      list.appendChild(all);
    }
    if (!list.children.length) {
      box.appendChild(element("p", "empty", "候補はありません。Enterで検索します"));
    } else {
      box.appendChild(list);
    }
    box.hidden = false;
  }

  function setupLiveSearch() {
    var input = document.querySelector("input[data-live-search]");
    if (!input || !window.fetch) return;
    var form = input.form;
    var box = document.getElementById("live-results");
    var endpoint = input.getAttribute("data-live-search");
    var timer = null;
    var inflight = null;

    function run() {
      var query = input.value.trim();
      if (!query) { box.hidden = true; box.textContent = ""; return; }
      var params = new URLSearchParams(new FormData(form));
      params.set("limit", String(LIVE_LIMIT));
      if (inflight) inflight.abort();
      inflight = new AbortController();
      fetch(endpoint + "?" + params.toString(), { signal: inflight.signal, headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (payload) { if (payload && input.value.trim() === query) renderLive(box, payload); })
        .catch(function () { /* aborted or offline: the form still submits */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, LIVE_DELAY_MS);
    });
  }

  function setupBookFilter() {
    // The chapter list belongs to the chosen book: show the new book's chapters by asking the server.
    var select = document.querySelector("form.search select[name=book]");
    if (!select) return;
    select.addEventListener("change", function () {
      var chapter = select.form.querySelector("select[name=chapter]");
      if (chapter) chapter.value = "";
      if (select.form.querySelector("input[name=q]").value.trim()) select.form.submit();
    });
  }

  function start() {
    showOfflineBanner();
    setupCopyButtons();
    setupLiveSearch();
    setupBookFilter();
    registerServiceWorker();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
