// The builder's card fields, a little quicker: every feature here also works without JavaScript.
// - a card's name autocompletes from the card library (GET /api/cards); picking one fills the card
//   through the form's own 「ライブラリから入れる」 round trip;
//   (the page /match suggests names the same way);
// - a pasted effect text is read back as one types (POST /scenario/card-text renders the same reading
//   the round trip shows).
(function () {
  "use strict";

  var LIST_ID = "library-cards";
  var NAME_FIELD = /\.(cards\.\d+|played)\.name$/;  // a card on the board, or an event where it is played
  var TEXT_FIELD = /\.effects\.\d+\.text$/;
  var lastNames = [];

  function debounce(wait, run) {
    var timer = null;
    return function (arg) {
      clearTimeout(timer);
      timer = setTimeout(function () { run(arg); }, wait);
    };
  }

  function datalist() {
    var list = document.getElementById(LIST_ID);
    if (!list) {
      list = document.createElement("datalist");
      list.id = LIST_ID;
      document.body.appendChild(list);
    }
    return list;
  }

  var suggest = debounce(150, function (input) {
    var query = input.value.trim();
    if (!query) return;
    fetch("/api/cards?limit=8&q=" + encodeURIComponent(query))
      .then(function (response) { return response.ok ? response.json() : { cards: [] }; })
      .then(function (answer) {
        var list = datalist();
        list.textContent = "";
        lastNames = answer.cards.map(function (card) { return card.name; });
        lastNames.forEach(function (name) {
          var option = document.createElement("option");
          option.value = name;
          list.appendChild(option);
        });
      })
      .catch(function () { /* no suggestions: the form still works */ });
  });

  function fillFromLibrary(input) {
    if (lastNames.indexOf(input.value) < 0) return;
    var card = input.closest("fieldset.card-form");
    var button = card && card.querySelector(".library-fill button");
    if (button) button.click();
  }

  var read = debounce(400, function (area) {
    var effect = area.closest("fieldset.effect-form, fieldset.played");
    var box = effect && effect.querySelector(".card-text-reading");
    if (!box) return;
    var data = new FormData();
    data.set("text", area.value);
    data.set("prefix", box.getAttribute("data-card-text"));
    data.set("handwritten", box.getAttribute("data-handwritten") || "");
    fetch("/scenario/card-text", { method: "POST", body: data })
      .then(function (response) { if (!response.ok) throw new Error(); return response.text(); })
      .then(function (html) { box.innerHTML = html; })  // our own template's output, escaped by Jinja2
      .catch(function () { /* the 「効果文を読む」 button still reads it */ });
  });

  document.addEventListener("input", function (event) {
    var field = event.target;
    var named = (NAME_FIELD.test(field.id || "") && field.closest("form#builder")) ||
      (field.name === "card" && field.closest("form.match-form"));
    if (named && event.inputType === "insertReplacementText") {
      fillFromLibrary(field);  // a suggestion picked from the list: one tap fills the card
    } else if (named) {
      field.setAttribute("list", LIST_ID);
      suggest(field);
    } else if (TEXT_FIELD.test(field.id || "") && field.closest("form#builder")) {
      read(field);
    }
  });
  // Leaving the name box by tapping another input fires "change" between that tap's press and its release:
  // a round trip started there would swallow the tap, so the fill waits until the tap is done.
  var pressed = false;
  document.addEventListener("pointerdown", function () { pressed = true; }, true);
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (!(field.id && NAME_FIELD.test(field.id))) return;
    if (!pressed) { fillFromLibrary(field); return; }
    var done = function () {
      document.removeEventListener("click", done, true);
      document.removeEventListener("pointercancel", done, true);
      setTimeout(function () { fillFromLibrary(field); }, 0);
    };
    document.addEventListener("click", done, true);
    document.addEventListener("pointercancel", done, true);
  });
  document.addEventListener("click", function () { pressed = false; });
})();
