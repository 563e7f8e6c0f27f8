// The gallery's filter as you type. The same box filters on the server without JavaScript (?q=); here the
// cards already on the page are shown or hidden with the same rule: every word must appear (NFKC, case-folded).
(function () {
  "use strict";

  function normalize(text) {
    return (text || "").normalize("NFKC").toLowerCase();
  }

  function setup() {
    var input = document.getElementById("gallery-q");
    var count = document.getElementById("gallery-count");
    if (!input) return;
    var groups = Array.prototype.slice.call(document.querySelectorAll(".gallery-group"));

    function apply() {
      var words = normalize(input.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      groups.forEach(function (group) {
        var groupText = group.getAttribute("data-filter-text");
        var visible = 0;
        group.querySelectorAll(".gallery-card").forEach(function (card) {
          var text = card.getAttribute("data-filter-text");
          var match = words.every(function (word) { return text.indexOf(word) >= 0 || groupText.indexOf(word) >= 0; });
          card.hidden = !match;
          if (match) visible += 1;
        });
        group.hidden = visible === 0;
        var badge = group.querySelector(".count");
        if (badge) badge.textContent = "（" + visible + "）";
        shown += visible;
      });
      if (count) count.textContent = shown + "件の例題" + (words.length ? "（「" + input.value.trim() + "」で絞り込み）" : "");
      var url = new URL(window.location.href);
      if (words.length) url.searchParams.set("q", input.value.trim()); else url.searchParams.delete("q");
      window.history.replaceState(null, "", url.toString());
    }

    input.addEventListener("input", apply);
    input.form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
