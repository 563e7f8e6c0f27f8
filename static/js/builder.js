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
    return button.name === "op" && (op === "refresh" || /^(add|remove|up|down|act|library|library-all|handwrite):/.test(op));
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
          if (!editOffline(form, button)) showOffline(form, "edit");
          return;
        }
        form.dataset.fallback = "1";
        form.requestSubmit(button);  // fall back to the plain round trip
      });
  }

  // --- the form's edits without the network -------------------------------------------------------
  // The server stays the source of truth: an edit goes to it first, and only when no answer comes does the page
  // make the same edit itself, within the same bounds (the form's data-list-limits), from templates the server
  // rendered with the same macros (data-offline-item). Each list's items are then renumbered: the paths in their
  // names and buttons, their ordinals and their ↑↓削除 buttons, as the server would render them. The next round
  // trip renders the whole form anew. The card library and reading a pasted text need the server.

  var PATH_ATTRIBUTES = ["id", "name", "for", "value", "formaction", "aria-describedby", "data-library-card",
    "data-card-text", "data-shown-when", "data-kind-of"];

  function escaped(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  // Every path under ``from`` in the subtree becomes the same path under ``to`` (an attribute holds a path at its
  // start, or after ":" "#" "-": an op, a button's anchor, an error's id).
  function repath(root, from, to) {
    var pattern = new RegExp("(^|[:#-])" + escaped(from) + "(?=$|\\.)", "g");
    [root].concat(Array.prototype.slice.call(root.querySelectorAll("*"))).forEach(function (element) {
      PATH_ATTRIBUTES.forEach(function (attribute) {
        var value = element.getAttribute(attribute);
        if (value === null) return;
        var changed = value.replace(pattern, "$1" + to);
        if (changed !== value) element.setAttribute(attribute, changed);
      });
    });
  }

  // An event entered at its action is named after that action (event<N>, the server's played_id).
  function renameEvent(item, from, to) {
    var old = "event:event" + (from + 1), now = "event:event" + (to + 1);
    item.querySelectorAll('input[type=radio][value="' + old + '"]').forEach(function (radio) { radio.value = now; });
    item.querySelectorAll('[data-shown-value="' + old + '"]').forEach(function (box) { box.setAttribute("data-shown-value", now); });
  }

  function itemsOf(form, list) {
    var own = new RegExp("^" + escaped(list) + "\\.\\d+$");
    return Array.prototype.filter.call(form.querySelectorAll('[id^="' + list + '."]'), function (element) {
      return own.test(element.id) && !element.closest("template");
    });
  }

  function anchorOf(button, target) {
    var action = button.getAttribute("formaction") || "";
    return action.split("#")[0] + "#" + target;
  }

  function opButton(model, verb, path, anchor, label, title, kind) {
    var button = document.createElement("button");
    button.type = "submit";
    button.name = "op";
    button.value = verb + ":" + path;
    button.setAttribute("formaction", anchorOf(model, anchor));
    button.className = kind;
    named(button, title);
    button.textContent = label;
    return button;
  }

  // The item's ↑ ↓ 削除, as the server's item_tools renders them for ``index`` of ``count``; a defence has them in
  // its row, and only when there are several. ``model`` is a button of the same form action (the list's 追加).
  function retool(item, list, index, count, noun, model) {
    var defence = item.classList.contains("response-form");
    var place = defence ? item.querySelector(":scope > .row") : item;
    var tools = place.querySelector(":scope > .item-tools");
    if (defence && count < 2) {
      if (tools) tools.remove();
      return;
    }
    if (!model) return;
    var path = list + "." + index, n = noun + (index + 1);
    var fresh = document.createElement("span");
    fresh.className = "item-tools";
    if (index > 0) fresh.appendChild(opButton(model, "up", path, list + "." + (index - 1), "↑", n + "を上へ", "secondary"));
    if (index + 1 < count) fresh.appendChild(opButton(model, "down", path, list + "." + (index + 1), "↓", n + "を下へ", "secondary"));
    fresh.appendChild(opButton(model, "remove", path, list, "削除", n + "を削除", "danger"));
    if (tools) tools.replaceWith(fresh);
    else place.appendChild(fresh);
  }

  function nounOf(item) {
    var remove = item.querySelector(':scope > .item-tools button[value^="remove:"]');
    var found = remove && /^(.*?)\d+を削除$/.exec(remove.title || "");
    return found ? found[1] : "";
  }

  var STACK = /^players\.([AB])\.field\.([1-5])\.cards$/;
  var DEFENCES = /^actions\.(\d+)\.responses$/;
  var ZONE_CARDS = /^players\.([AB])\.(deck|graveyard|hand)\.cards$/;

  // The list's items in page order get the paths 0…n-1, and the words that say where each one is.
  function renumber(form, list) {
    var items = itemsOf(form, list);
    var stack = STACK.exec(list), zone = ZONE_CARDS.exec(list);
    var holder = zone && form.querySelector('[id="' + list.replace(/\.cards$/, "") + '"]');
    var word = holder ? holder.getAttribute("data-word") : "";
    var defences = DEFENCES.test(list);
    var nouns = items.map(function (item) {
      return stack ? stack[1] + stack[2] + "のカード" : zone ? word + "のカード" : defences ? "防御" : nounOf(item);
    });
    var model = form.querySelector('button[value="add:' + list + '"]');
    var was = items.map(function (item) { return Number(item.id.split(".").pop()); });
    items.forEach(function (item, index) { repath(item, item.id, list + ".~" + index); });
    items.forEach(function (item, index) {
      repath(item, list + ".~" + index, list + "." + index);
      if (list === "actions") renameEvent(item, was[index], index);
      var legend = item.querySelector(":scope > legend");
      if (legend) {  // the name after it: relabel
        legend.textContent = stack ? stack[1] + stack[2] + (index + 1 === items.length ? "の場（一番上）" : "の場の下・下から" + (index + 1))
          : zone ? word + "のカード" + (index + 1) : legend.textContent.replace(NAMED, "").replace(/\d+$/, "") + (index + 1);
      }
      var kind = item.classList.contains("action-form") && item.querySelector(":scope > .field > label");
      if (kind) kind.textContent = "行動" + (index + 1);
      var picker = defences && item.querySelector(":scope > .row > fieldset.radios > legend");  // 「防御2（…）」 when several
      if (picker) picker.textContent = "防御" + (items.length > 1 ? index + 1 : "") + picker.textContent.replace(/^防御\d*/, "");
      retool(item, list, index, items.length, nouns[index], model);
    });
    var adds = form.querySelectorAll('button[value="add:' + list + '"]' + (list === "actions" ? ', button[value^="act:"]' : ""));
    Array.prototype.forEach.call(adds, function (add) { add.setAttribute("formaction", anchorOf(add, list + "." + items.length)); });
    var title = holder && holder.querySelector(".zone-title");
    if (title) title.textContent = word + ": " + items.length + "枚（カードを指定" + (zone[2] === "deck" ? "・上から順" : "") + "）";
    return items;
  }

  function named(button, name) {
    button.setAttribute("aria-label", name);
    button.title = name;
  }

  // A card's and an effect's legend end with its name as typed (〈name〉, ｛name｝), as the server renders it.
  var NAMED = /(〈.*〉|｛.*｝)$/;

  function relabel(form) {
    form.querySelectorAll("fieldset.card-form, fieldset.effect-form").forEach(function (fieldset) {
      var legend = fieldset.querySelector(":scope > legend");
      if (!legend || fieldset.closest("template")) return;
      var name = valueOf(form, fieldset.id + ".name");
      var marks = fieldset.classList.contains("effect-form") ? ["｛", "｝"] : ["〈", "〉"];
      legend.textContent = legend.textContent.replace(NAMED, "") + (name ? marks[0] + name + marks[1] : "");
    });
  }

  // A zone or a slot that gets its first card, or loses its last, changes its inputs as the server's would.
  function holderOf(form, list) {
    return form.querySelector('[id="' + list.replace(/\.cards$/, "") + '"]');
  }

  function firstCard(form, list, add) {
    var holder = holderOf(form, list);
    if (STACK.test(list)) {
      var place = STACK.exec(list);
      holder.classList.remove("empty");
      var said = holder.querySelector("legend .visually-hidden");  // 「（空き）」 for screen readers: no longer true
      if (said) said.remove();
      add.textContent = "カードを重ねる";
      named(add, place[1] + place[2] + "にカードを重ねる");
    } else if (ZONE_CARDS.test(list)) {
      var row = holder.querySelector(".zone-row");
      var word = holder.getAttribute("data-word");
      row.querySelectorAll("input").forEach(function (input) { input.disabled = true; });  // the cards give the count
      row.hidden = true;
      var title = document.createElement("p");
      title.className = "zone-title";
      holder.insertBefore(title, row);
      holder.appendChild(add);
      add.textContent = word + "にカードを追加";
      named(add, ZONE_CARDS.exec(list)[1] + "の" + word + "にカードを追加");
    }
  }

  function lastCardGone(form, list, add) {
    var holder = holderOf(form, list);
    if (STACK.test(list)) {
      var place = STACK.exec(list);
      holder.classList.add("empty");
      add.textContent = "＋置く";
      named(add, place[1] + place[2] + "にカードを置く");
    } else if (ZONE_CARDS.test(list)) {
      var row = holder.querySelector(".zone-row");
      row.querySelectorAll("input").forEach(function (input) { input.disabled = false; });
      row.hidden = false;
      row.appendChild(add);
      add.textContent = "カードで指定";
      named(add, ZONE_CARDS.exec(list)[1] + "の" + holder.getAttribute("data-word") + "をカードで指定");
      var title = holder.querySelector(".zone-title");
      if (title) title.remove();
    }
  }

  function templateFor(form, list, key) {
    if (STACK.test(list)) key = "field-cards";
    return document.querySelector('template[data-offline-item="' + key + '"]') ||
      (key.indexOf("act:") === 0 ? document.querySelector('template[data-offline-item="actions"]') : null);
  }

  function addOffline(form, button, list, key) {
    var limit = JSON.parse(form.getAttribute("data-list-limits") || "{}")[list.split(".").pop()];
    var template = templateFor(form, list, key);
    if (!template || !limit) return false;
    var items = itemsOf(form, list);
    if (items.length >= limit) return true;  // as the server: a full list changes nothing
    var holder = document.createElement("div");
    holder.innerHTML = template.innerHTML;
    var item = holder.firstElementChild;
    repath(item, template.getAttribute("data-offline-path"), list + "." + items.length);
    if (DEFENCES.test(list)) renameEvent(item, 0, Number(DEFENCES.exec(list)[1]));  // rendered in action 1
    var add = form.querySelector('button[value="add:' + list + '"]') || button;
    if (!items.length && (STACK.test(list) || ZONE_CARDS.test(list))) firstCard(form, list, add);
    if (items.length) {
      items[items.length - 1].after(item);
    } else if (list === "actions") {
      form.querySelector("ol.actions-form").appendChild(item);
    } else if (add.previousElementSibling && add.previousElementSibling.matches("ol.sentences, ol.steps-form")) {
      add.previousElementSibling.appendChild(item);
    } else {
      add.before(item);
    }
    renumber(form, list);
    var input = item.querySelector("input:not([type=hidden]), select, textarea");
    if (input) input.focus();
    return true;
  }

  function moveOffline(form, verb, path) {
    var found = /^(.*)\.(\d+)$/.exec(path);
    if (!found) return false;
    var list = found[1], index = Number(found[2]);
    var items = itemsOf(form, list);
    if (index >= items.length) return true;  // as the server: nothing there, nothing changes
    if (verb === "remove") {
      items[index].remove();
      if (items.length === 1) lastCardGone(form, list, form.querySelector('button[value="add:' + list + '"]'));
    } else {
      var other = verb === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= items.length) return true;
      if (verb === "up") items[other].before(items[index]);
      else items[other].after(items[index]);
    }
    renumber(form, list);
    return true;
  }

  // --- an action's or a step's kind picked offline: that kind's inputs, keeping what the judge typed (settle_kind) --

  function controlsOf(root) {
    return Array.prototype.filter.call(root.querySelectorAll("input, select, textarea"), function (control) {
      return control.name && control.type !== "submit" && control.type !== "hidden";
    });
  }

  // What a control holds as shown: the checked radio's value, a box's checked state, else its value.
  function shownValue(root, control) {
    if (control.type === "radio") {
      var checked = root.querySelector('input[type=radio][name="' + control.name + '"]:checked');
      return checked ? checked.value : "";
    }
    return control.type === "checkbox" ? String(control.checked) : control.value;
  }

  function setShown(root, control, value) {
    if (control.type === "checkbox") { control.checked = value === "true"; return; }
    if (control.type === "radio") {
      var radio = root.querySelector('input[type=radio][name="' + control.name + '"][value="' + CSS.escape(value) + '"]');
      if (radio) radio.checked = true;
      return;
    }
    if (control.tagName === "SELECT" && !Array.prototype.some.call(control.options, function (o) { return o.value === value; })) {
      control.add(new Option(value, value));  // as the server shows a value its choices lack
    }
    control.value = value;
  }

  function fromTemplate(key, at) {
    var template = document.querySelector('template[data-offline-item="' + key + '"]');
    if (!template) return null;
    var holder = document.createElement("div");
    holder.innerHTML = template.innerHTML;
    repath(holder.firstElementChild, template.getAttribute("data-offline-path"), at);
    return holder.firstElementChild;
  }

  // What the judge typed for the old kind, into the new kind's inputs of the same name and type. For an action,
  // a step and a condition, a value left at the old kind's default is no choice for the new kind and is dropped
  // (the server's settle_kind); a trigger keeps everything.
  function carry(from, fresh, old, skip, dropDefaults) {
    controlsOf(from).forEach(function (control) {
      if (control === skip || control.disabled) return;
      var there = fresh.querySelector('[name="' + control.name + '"]');
      var before = old.querySelector('[name="' + control.name + '"]');
      var value = shownValue(from, control);
      if (!there || there.tagName !== control.tagName || there.type !== control.type) return;
      if (dropDefaults && before && shownValue(old, before) === value) return;
      setShown(fresh, there, value);
    });
  }

  // The kind picked in ``select`` offline: an action's or a step's whole item, or the box of a condition's or a
  // trigger's inputs (data-kind-of), made anew from that kind's template.
  function kindOffline(form, select) {
    var at = select.name.replace(/\.kind$/, "");
    var box = form.querySelector('.kind-fields[data-kind-of="' + at + '"]');
    var item = box || form.querySelector('[id="' + at + '"]');
    if (!item) return false;
    var group = box ? (/\.when$/.test(at) ? "trigger" : "condition") : item.classList.contains("action-form") ? "action" : "step";
    var shown = box ? box.getAttribute("data-kind") : valueOf(form, at + ".shown_kind");
    var fresh = fromTemplate("kind:" + group + ":" + select.value, at);
    var old = fromTemplate("kind:" + group + ":" + shown, at);
    if (!fresh || !old) return false;
    carry(item, fresh, old, select, group !== "trigger");
    item.replaceWith(fresh);
    if (!box) renumber(form, at.replace(/\.\d+$/, ""));
    return true;
  }

  // --- the choices the board gives, made again after an offline edit (the server's _options) ---------

  function valueOf(form, name) {
    var control = form.querySelector('[name="' + name + '"]:not([type=radio]), [name="' + name + '"][type=radio]:checked');
    return control && !control.disabled ? control.value : "";
  }

  // Each player's occupied slots as (ref, label) from the top card's name, and hand cards with an ID.
  function boardChoices(form) {
    var words = JSON.parse(form.getAttribute("data-choice-words") || "{}");
    var occupied = { A: [], B: [] }, hand = { A: [], B: [] };
    ["A", "B"].forEach(function (pid) {
      ["1", "2", "3", "4", "5"].forEach(function (slot) {
        var cards = itemsOf(form, "players." + pid + ".field." + slot + ".cards");
        if (!cards.length) return;
        var name = valueOf(form, cards[cards.length - 1].id + ".name").trim();
        occupied[pid].push([pid + slot, pid + slot + (name ? "〈" + name + "〉" : "")]);
      });
      itemsOf(form, "players." + pid + ".hand.cards").forEach(function (card) {
        var id = valueOf(form, card.id + ".id");
        if (id) hand[pid].push([id, id + "〈" + (valueOf(form, card.id + ".name") || words.hand) + "〉"]);
      });
    });
    var attacker = valueOf(form, "game.turn_player") === "B" ? "B" : "A", defender = attacker === "A" ? "B" : "A";
    var nothing = [["", words.nothing]];
    var defences = [["open", words.open], ["none", words.none]];
    occupied[defender].forEach(function (c) { defences.push(["block:" + c[0], words.block + c[1]]); });
    ["substitute", "event"].forEach(function (kind) {
      hand[defender].forEach(function (c) { defences.push([kind + ":" + c[0], words[kind] + c[1]]); });
    });
    return {
      attackers: occupied[attacker].length ? occupied[attacker] : nothing,
      targets: [["deck", defender + words.deck]].concat(occupied[defender]),
      occupied: occupied.A.concat(occupied.B).length ? occupied.A.concat(occupied.B) : nothing,
      defences: defences
    };
  }

  function refreshChoices(form) {
    var choices = boardChoices(form);
    form.querySelectorAll("select[data-widget]").forEach(function (select) {
      var wanted = choices[select.getAttribute("data-widget")];
      if (!wanted || select.closest("template")) return;
      var current = select.value;
      var known = wanted.some(function (c) { return c[0] === current; });
      select.replaceChildren.apply(select, wanted.concat(current && !known ? [[current, current]] : []).map(function (c) {
        var option = new Option(c[1], c[0]);
        option.selected = c[0] === current;
        return option;
      }));
    });
    // A defence's radios: the board's choices, then the event entered there (its last radio, kept as it is).
    form.querySelectorAll("fieldset.radios").forEach(function (set) {
      if (!/^actions\.\d+\.responses\.\d+\.choice$/.test(set.id) || set.closest("template")) return;
      var radios = set.querySelectorAll("input[type=radio]");
      var entered = radios[radios.length - 1].closest("label");
      var checked = set.querySelector("input[type=radio]:checked");
      var current = checked ? checked.value : "";
      set.querySelectorAll("label.radio").forEach(function (label) { if (label !== entered) label.remove(); });
      var all = choices.defences.concat([[entered.querySelector("input").value, ""]]);
      var known = all.some(function (c) { return c[0] === current; });
      choices.defences.concat(current && !known ? [[current, current]] : []).forEach(function (c) {
        var label = document.createElement("label");
        label.className = "radio";
        var radio = document.createElement("input");
        radio.type = "radio";
        radio.name = set.id;
        radio.value = c[0];
        radio.checked = c[0] === current;
        label.append(radio, " " + c[1]);
        entered.before(label);
      });
    });
  }

  // The edit ``button`` asked for, made in the page; false when only the server can make it.
  function editOffline(form, button) {
    var op = button.value || "", verb = op.split(":")[0], target = op.slice(verb.length + 1);
    var done = false;
    if (verb === "act") done = addOffline(form, button, "actions", op);
    else if (verb === "add" && /\.(cards|effects|sentences|steps|summon|responses)$|^actions$/.test(target)) done = addOffline(form, button, target, target.split(".").pop());
    else if (verb === "remove" || verb === "up" || verb === "down") done = moveOffline(form, verb, target);
    else if (op === "refresh" && button.classList.contains("implicit-submit")) done = true;  // Enter in a text box
    else if (op === "refresh" && targetOf(button) === "game.turn_player") done = true;  // the choices follow it
    else if (op === "refresh" && /^(actions\.\d+|.+\.steps\.\d+|.+\.if|.+\.when)\.kind$/.test(targetOf(button))) {
      done = kindOffline(form, form.querySelector('select[name="' + targetOf(button) + '"]'));
    }
    if (done) {
      relabel(form);
      refreshChoices(form);
      hideOffline();
      saveDraft(form);
    }
    return done;
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

  // What the box says offline: 「判定する」 waits for the connection (``waiting``); an edit only the server can make
  // (``"edit"``: the card library, reading a pasted text) says so, and that the rest works.
  function showOffline(form, waiting) {
    var box = document.getElementById("offline-builder");
    if (!box) return;
    var edit = waiting === "edit";
    box.querySelector("[data-waiting]").hidden = waiting !== true;
    box.querySelector("[data-resolve]").hidden = edit;
    box.querySelector("[data-edit]").hidden = !edit;
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
