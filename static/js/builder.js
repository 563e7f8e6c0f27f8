// The builder and the trace page, a little quicker: every feature here also works without JavaScript.
// - the form's add/remove/reorder buttons and kind selects re-render only the form (no page reload);
// - the draft is kept in this browser as it is typed, so a lost connection or a reload never loses it;
// - offline, 「判定する」 says plainly that the ruling needs the connection and resolves once it is back;
// - clause chips show their clause text on tap, with a link to the clause page.
(function () {
  "use strict";

  var PARTIAL_HEADER = "X-Builder-Partial";
  document.documentElement.classList.add("js");

  // --- the builder form ---------------------------------------------------------------------------

  function isRoundTrip(button) {
    var op = button.value || "";
    return button.name === "op" && (op === "refresh" || /^(add|remove|up|down|act|library|library-all):/.test(op));
  }

  function targetOf(button) {
    var action = button.getAttribute("formaction") || "";
    var hash = action.indexOf("#");
    return hash >= 0 ? decodeURIComponent(action.slice(hash + 1)) : "";
  }

  function focusTarget(form, id) {
    var target = id ? document.getElementById(id) : null;
    if (!target) return;
    var input = target.matches("input, select, textarea") ? target : target.querySelector("input:not([type=hidden]), select, textarea");
    target.scrollIntoView({ block: "center" });
    if (input) input.focus({ preventScroll: true });
  }

  // While a round trip is in flight the answer will replace the whole form: text stays read-only until then
  // (the focus and the caret stay where the user left them) and buttons are disabled, but a choice tapped
  // meanwhile (a radio, a checkbox, a select: the tap that took the focus from a card's name, say) is carried
  // over to the answer's form (carryChoices), never lost. The request's data is taken before locking.
  function lock(form) {
    var changed = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (control.type === "hidden" || control.disabled) return;
      var typed = control.matches("textarea, input:not([type=checkbox]):not([type=radio]):not([type=file])");
      var chosen = control.matches("select, input[type=checkbox], input[type=radio]");
      if (chosen) return;
      if (typed) {
        if (control.readOnly) return;
        control.readOnly = true;
      } else {
        control.disabled = true;
      }
      changed.push({ control: control, typed: typed });
    });
    form.setAttribute("aria-busy", "true");
    var status = form.querySelector(".busy-status");
    if (status) status.textContent = "更新中…";
    return function unlock() {
      changed.forEach(function (entry) {
        if (entry.typed) entry.control.readOnly = false;
        else entry.control.disabled = false;
      });
      form.removeAttribute("aria-busy");
      if (status) status.textContent = "";
    };
  }

  // The answer's form in place of the old one (the answer is the form, or a page that holds it); kept as the draft.
  function putForm(form, html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("form#builder");
    if (!fresh) throw new Error("no form in the response");
    hideOffline();
    form.replaceWith(fresh);
    setupBuilder(fresh);
    saveDraft(fresh);
    return fresh;
  }

  function roundTrip(form, button) {
    if (form.getAttribute("aria-busy") === "true") return;
    var data = new FormData(form);
    data.set("op", button.value);
    var sent = formValues(form);
    var unlock = lock(form);
    var headers = {};
    headers[PARTIAL_HEADER] = "1";
    return fetch(form.action, { method: "POST", body: data, headers: headers })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var chosenMeanwhile = changedSince(sent, formValues(form));
        var fresh = putForm(form, html);
        applyValues(fresh, chosenMeanwhile.values, chosenMeanwhile.names);
        if (chosenMeanwhile.values.length) saveDraft(fresh);
        focusTarget(fresh, targetOf(button));
      })
      .catch(function (error) {
        unlock();
        if (isNetworkError(error)) {  // a plain submit would lose the page
          if (!placeOffline(form, button)) showOffline(form, false);
          return;
        }
        form.dataset.fallback = "1";
        form.requestSubmit(button);  // fall back to the plain round trip
      });
  }

  // ＋置く without the network: the card's inputs come from the form's own template (the server renders the same
  // ones), so a judge keeps building the board offline; the ruling waits for the connection.
  function placeOffline(form, button) {
    var found = /^add:players\.([AB])\.field\.([1-5])\.cards$/.exec(button.value || "");
    var template = document.getElementById("offline-card");
    var slot = found && template && form.querySelector('[id="players.' + found[1] + '.field.' + found[2] + '"]');
    if (!slot || slot.querySelector(".card-form")) return false;
    var holder = document.createElement("div");
    holder.innerHTML = template.innerHTML.split("__P__").join(found[1]).split("__S__").join(found[2]);
    slot.insertBefore(holder.firstElementChild, button);
    slot.classList.remove("empty");
    var said = slot.querySelector("legend .visually-hidden");  // 「（空き）」 for screen readers: no longer true
    if (said) said.remove();
    button.hidden = true;
    saveDraft(form);
    var name = slot.querySelector("input[name$='.name']");
    if (name) name.focus();
    return true;
  }

  // --- the draft, kept in this browser; offline, the ruling waits for the connection -----------------

  var DRAFT_KEY = "adjudicator-builder-draft";
  var RESOLVING_KEY = "adjudicator-builder-resolving";
  var RETRY_MS = 4000;
  var retryTimer = null;

  function isNetworkError(error) {
    return error instanceof TypeError;  // fetch rejects with a TypeError when no answer came at all
  }

  function formValues(form) {
    var values = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || control.name === "op" || control.type === "file" || control.type === "submit") return;
      if ((control.type === "checkbox" || control.type === "radio") && !control.checked) return;
      values.push([control.name, control.value]);
    });
    return values;
  }

  function saveDraft(form) {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify({ html: form.outerHTML, values: formValues(form), saved: Date.now() }));
    } catch (error) { /* storage full or disabled: the form itself still holds the draft */ }
  }

  function byName(values) {
    var found = {};
    values.forEach(function (pair) { (found[pair[0]] = found[pair[0]] || []).push(pair[1]); });
    return found;
  }

  // The names whose values changed between two readings of the form, and their new values.
  function changedSince(before, after) {
    var old = byName(before), now = byName(after), names = {}, values = [];
    Object.keys(old).concat(Object.keys(now)).forEach(function (name) {
      if (names[name] || JSON.stringify(old[name] || []) === JSON.stringify(now[name] || [])) return;
      names[name] = true;
      (now[name] || []).forEach(function (value) { values.push([name, value]); });
    });
    return { names: names, values: values };
  }

  // The values into the form's controls; with ``only``, the controls of those names alone.
  function applyValues(form, values, only) {
    var wantedBy = byName(values);
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || control.type === "file" || control.type === "submit" || control.type === "hidden") return;
      if (only && !only[control.name]) return;
      var wanted = wantedBy[control.name] || [];
      if (control.type === "checkbox" || control.type === "radio") control.checked = wanted.indexOf(control.value) >= 0;
      else if (wanted.length) control.value = wanted[0];
    });
  }

  // Opening the empty builder again brings back the draft kept in this browser (say so, and offer a fresh start).
  function restoreDraft(form) {
    if (!form.hasAttribute("data-blank")) return form;
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null"); } catch (error) { saved = null; }
    if (!saved || !saved.html) return form;
    var holder = document.createElement("div");
    holder.innerHTML = saved.html;
    var kept = holder.querySelector("form#builder");
    if (!kept) return form;
    kept.removeAttribute("aria-busy");
    kept.removeAttribute("data-ready");
    kept.removeAttribute("data-fallback");
    form.replaceWith(kept);
    applyValues(kept, saved.values || []);
    var note = document.getElementById("draft-restored");
    if (note) note.hidden = false;
    return kept;
  }

  function showOffline(form, waiting) {
    var box = document.getElementById("offline-builder");
    if (!box) return;
    box.querySelector("[data-waiting]").hidden = !waiting;
    box.hidden = false;
  }

  function hideOffline() {
    var box = document.getElementById("offline-builder");
    if (box) box.hidden = true;
  }

  // 「判定する」 and 「入力を確認」 go by fetch: if no answer comes, nothing is lost and the same request is
  // sent again every few seconds (and as soon as the browser says it is online) until it goes through.
  function submitByFetch(form, button) {
    var data = new FormData(form);
    data.set("op", button.value);
    var unlock = lock(form);
    clearTimeout(retryTimer);
    if (button.value === "resolve") sessionStorage.setItem(RESOLVING_KEY, "1");
    return fetch(form.action, { method: "POST", body: data })
      .then(function (response) {
        if (response.redirected) { window.location.assign(response.url); return null; }
        return response.text().then(function (html) {
          var fresh = putForm(form, html);
          var summary = fresh.querySelector("#error-summary, .notice-ok");
          if (summary) { summary.setAttribute("tabindex", "-1"); summary.focus(); }
          return null;
        });
      })
      .catch(function (error) {
        unlock();
        sessionStorage.removeItem(RESOLVING_KEY);
        if (!isNetworkError(error)) { form.dataset.fallback = "1"; form.requestSubmit(button); return; }
        showOffline(form, true);
        var again = function () {
          window.removeEventListener("online", again);
          submitByFetch(document.getElementById("builder"), document.querySelector('#builder button[value="' + button.value + '"]') || button);
        };
        window.addEventListener("online", again);
        retryTimer = setTimeout(again, RETRY_MS);
      });
  }

  function clearDraftAfterRuling() {
    // A trace page reached by 「判定する」: the draft became a ruling (its link keeps it), so start afresh.
    if (document.querySelector("[data-trace]") && sessionStorage.getItem(RESOLVING_KEY)) {
      sessionStorage.removeItem(RESOLVING_KEY);
      try { localStorage.removeItem(DRAFT_KEY); } catch (error) { /* nothing kept */ }
    }
  }

  function setupBuilder(form) {
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[type=submit]");
      if (!button || form.dataset.fallback) return;
      if (button.value === "resolve" || button.value === "check") {
        event.preventDefault();
        submitByFetch(form, button);
        return;
      }
      if (!isRoundTrip(button)) return;
      event.preventDefault();
      roundTrip(form, button);
    });
    form.addEventListener("input", function () { saveDraft(form); });
    form.addEventListener("change", function () { saveDraft(form); });
    // Inputs that belong to one choice (an event entered as the defence) show as soon as it is chosen.
    form.addEventListener("change", function (event) {
      var radio = event.target;
      if (radio.type !== "radio") return;
      form.querySelectorAll("[data-shown-when]").forEach(function (box) {
        if (box.getAttribute("data-shown-when") === radio.name) box.hidden = box.getAttribute("data-shown-value") !== radio.value;
      });
    });
    form.addEventListener("change", function (event) {
      var select = event.target;
      if (!select.matches("select[data-refresh]")) return;
      var button = select.parentElement.querySelector("button.refresh");
      if (button) roundTrip(form, button);
    });
  }

  // --- clause chips: the clause text on tap ------------------------------------------------------

  var openPopover = null;

  function closePopover() {
    if (openPopover) { openPopover.remove(); openPopover = null; }
  }

  function showClause(chip) {
    closePopover();
    var box = document.createElement("div");
    box.className = "chip-popover";
    box.setAttribute("role", "dialog");
    var text = document.createElement("p");
    text.textContent = chip.getAttribute("data-clause") + " " + chip.getAttribute("data-text");
    var link = document.createElement("a");
    link.href = chip.getAttribute("href");
    link.textContent = "条文のページを開く";
    box.appendChild(text);
    box.appendChild(link);
    document.body.appendChild(box);
    var rect = chip.getBoundingClientRect();
    var left = Math.max(8, Math.min(rect.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 8));
    box.style.left = left + "px";  // positioned by script, not by a style attribute in the markup (CSP)
    box.style.top = (rect.bottom + window.scrollY + 4) + "px";
    openPopover = box;
    chip.setAttribute("aria-expanded", "true");
  }

  function setupChips() {
    document.addEventListener("click", function (event) {
      var chip = event.target.closest("a.chip[data-text]");
      if (chip) {
        // First tap shows the text; the popover's link (or a second tap) opens the clause page.
        if (chip.getAttribute("aria-expanded") === "true" && openPopover) return;
        event.preventDefault();
        document.querySelectorAll("a.chip[aria-expanded]").forEach(function (other) { other.removeAttribute("aria-expanded"); });
        showClause(chip);
        return;
      }
      if (openPopover && !openPopover.contains(event.target)) {
        document.querySelectorAll("a.chip[aria-expanded]").forEach(function (other) { other.removeAttribute("aria-expanded"); });
        closePopover();
      }
    });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") closePopover(); });
  }

  function setupFreshStart() {
    var button = document.getElementById("discard-draft");
    if (!button) return;
    button.addEventListener("click", function () {
      try { localStorage.removeItem(DRAFT_KEY); } catch (error) { /* nothing kept */ }
      window.location.assign(window.location.pathname);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    clearDraftAfterRuling();
    var form = document.getElementById("builder");
    if (form) {
      setupBuilder(restoreDraft(form));  // saved again at the first change, not now (an opened example is no draft)
    }
    setupFreshStart();
    setupChips();
  });
})();
