// The builder and the trace page, a little quicker: every feature here also works without JavaScript.
// - the form's add/remove/reorder buttons and kind selects re-render only the form (no page reload);
// - clause chips show their clause text on tap, with a link to the clause page.
(function () {
  "use strict";

  var PARTIAL_HEADER = "X-Builder-Partial";
  document.documentElement.classList.add("js");

  // --- the builder form ---------------------------------------------------------------------------

  function isRoundTrip(button) {
    var op = button.value || "";
    return button.name === "op" && (op === "refresh" || /^(add|remove|up|down):/.test(op));
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

  // While a round trip is in flight the answer will replace the whole form, so whatever is typed or chosen
  // meanwhile would be lost: the form is locked until then. The request's data is taken before locking
  // (disabled controls are left out of a FormData), and text stays read-only rather than disabled so the
  // focus and the caret stay where the user left them.
  function lock(form) {
    var changed = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (control.type === "hidden" || control.disabled) return;
      var typed = control.matches("textarea, input:not([type=checkbox]):not([type=radio]):not([type=file])");
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

  function roundTrip(form, button) {
    if (form.getAttribute("aria-busy") === "true") return;
    var data = new FormData(form);
    data.set("op", button.value);
    var unlock = lock(form);
    var headers = {};
    headers[PARTIAL_HEADER] = "1";
    return fetch(form.action, { method: "POST", body: data, headers: headers })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("form#builder");
        if (!fresh) throw new Error("no form in the response");
        form.replaceWith(fresh);
        setupBuilder(fresh);
        focusTarget(fresh, targetOf(button));
      })
      .catch(function () {
        unlock();
        form.dataset.fallback = "1";
        form.requestSubmit(button);  // fall back to the plain round trip
      });
  }

  function setupBuilder(form) {
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[type=submit]");
      if (!button || !isRoundTrip(button) || form.dataset.fallback) return;
      event.preventDefault();
      roundTrip(form, button);
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

  document.addEventListener("DOMContentLoaded", function () {
    setupBuilder(document.getElementById("builder"));
    setupChips();
  });
})();
