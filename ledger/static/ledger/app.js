/* Banker: small enhancements on top of plain forms. Every button here also works without
   JavaScript (it submits the form and the server answers with the same result), so this file
   only makes the tablet faster. Money is handled in integer cents, never floats. */
(function () {
  "use strict";

  // The words this script writes, in the page's language (templates/ledger/_js_words.html):
  // the English text in, the page's words out; a capital word (N, NAME) stands for what is
  // put in.
  var WORDS = null;
  function words(text, value) {
    if (WORDS === null) {
      var json = document.getElementById("page-words");
      try { WORDS = json ? JSON.parse(json.textContent) : {}; } catch (e) { WORDS = {}; }
    }
    var said = WORDS[text] || text;
    return value === undefined ? said : said.replace(/\b(N|NAME)\b/, value);
  }

  // "18.05" / "18.5" / "$18" / "€18" / "¥1500" -> 1805 (150000); null when it is not an amount.
  function parseCents(text) {
    var m = /^\s*(?:[^\d\s.,-]{1,4})?\s*(\d*)(?:\.(\d{0,2}))?\s*$/.exec(text || "");
    if (!m || (m[1] === "" && (m[2] === undefined || m[2] === ""))) { return null; }
    var cents = (m[2] || "").padEnd(2, "0");
    return parseInt(m[1] || "0", 10) * 100 + parseInt(cents, 10);
  }

  // Hundredths as a decimal string: "18.05"; with digits "0" (yen) a whole amount has no
  // point ("1500"), as the server writes it (house_settings.amount_text).
  function formatCents(cents, digits) {
    var sign = cents < 0 ? "-" : "";
    var abs = Math.abs(cents);
    if (digits === "0" && abs % 100 === 0) { return sign + String(abs / 100); }
    var part = String(abs % 100).padStart(2, "0");
    return sign + String(Math.floor(abs / 100)) + "." + part;
  }

  // $5 step buttons: <button name="bump" value="500" data-step-for="id_amount">, in the
  // form's currency digits (data-money-digits: "€20.00", "¥2000").
  function onStep(button) {
    var input = document.getElementById(button.dataset.stepFor);
    if (!input) { return false; }
    if (button.value === "clear") {
      input.value = "";
    } else {
      var current = parseCents(input.value);
      var next = (current === null ? 0 : current) + parseInt(button.value, 10);
      var digits = input.form ? input.form.dataset.moneyDigits : undefined;
      input.value = formatCents(Math.max(0, next), digits);
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return true;
  }

  // An amount as the page writes it: the form's currency (data-money-symbol, -digits, from
  // the night's settings), "$18.05" in the seed house, "¥1500" in a yen one.
  function formatMoney(form, cents) {
    var symbol = form.dataset.moneySymbol === undefined ? "$" : form.dataset.moneySymbol;
    var text = formatCents(Math.abs(cents), form.dataset.moneyDigits);
    var pattern = form.dataset.moneyPattern;   // another language's way: "# €", "12,50 €"
    if (pattern) {
      if (form.dataset.moneyDecimal) { text = text.replace(".", form.dataset.moneyDecimal); }
      return (cents < 0 ? "-" : "") + pattern.replace("#", text);
    }
    return (cents < 0 ? "-" : "") + symbol + text;
  }

  // Chip counter: inputs carry data-chip-cents; +/- buttons carry data-chip-for and value.
  function recountChips(form) {
    var total = 0;
    form.querySelectorAll("input[data-chip-cents]").forEach(function (input) {
      var count = parseInt(input.value, 10);
      if (!isFinite(count) || count < 0) { count = 0; }
      var sub = count * parseInt(input.dataset.chipCents, 10);
      total += sub;
      var out = document.getElementById(input.id + "_subtotal");
      if (out) { out.textContent = formatMoney(form, sub); }
    });
    var odd = total % (parseInt(form.dataset.cashUnit, 10) || 100);   // to the final pot (B12)
    var show = function (id, cents) {
      var el = document.getElementById(id);
      if (el) { el.textContent = formatMoney(form, cents); }
    };
    show("chip-total", total);
    show("chip-whole", total - odd);
    show("chip-odd", odd);
    // The cash box pays cash-outs in order; what it cannot pay the bank owes (THE BOOK).
    var owedBox = document.getElementById("chip-owed");
    var box = parseInt(form.dataset.cashBox, 10);
    if (owedBox && isFinite(box)) {
      var whole = total - odd;
      var cash = Math.min(whole, Math.max(box, 0));
      owedBox.hidden = whole <= cash;
      var part = function (name, cents) {
        var el = owedBox.querySelector("[data-owed=" + name + "]");
        if (el) { el.textContent = formatMoney(form, cents); }
      };
      part("cash", cash);
      part("owed", whole - cash);
    }
  }

  // The chip counter's number pad: tap a colour (its count field or its name), then digits.
  // The first digit after choosing a colour replaces its count, the next ones add to it, so
  // "green 1 5, black 3, red 4" is $78.40 in ten taps with the Save. The fields stay typeable
  // (a keyboard works as before); with the pad shown the tablet's own keyboard stays away.
  var padTarget = null;
  var padFresh = false;

  function padShow(pad) {
    var label = pad.querySelector("[data-pad-target]");
    if (label) {
      label.textContent = padTarget ? (padTarget.dataset.colourName || padTarget.name) : "—";
    }
    pad.form.querySelectorAll(".chip-row").forEach(function (row) {
      row.classList.toggle("pad-target", Boolean(padTarget) && row.contains(padTarget));
    });
  }

  function onPad(button) {
    var pad = button.closest("[data-chip-pad]");
    if (!padTarget) {
      padTarget = pad.form.querySelector("input[data-chip-cents]");
      padFresh = true;
    }
    var key = button.dataset.pad;
    var text = padFresh ? "" : String(padTarget.value || "");
    if (key === "back") { text = text.slice(0, -1); }
    else if (key === "clear") { text = ""; }
    else if (/^\d$/.test(key) && text.replace(/^0+/, "").length < 5) { text = text + key; }
    padFresh = false;
    text = text.replace(/^0+(?=\d)/, "");
    padTarget.value = text === "" ? "0" : text;
    if (text === "") { padFresh = true; }
    recountChips(pad.form);
    padShow(pad);
    return true;
  }

  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[data-chip-cents]")) { return; }
    var pad = input.form && input.form.querySelector("[data-chip-pad]");
    if (!pad || pad.hidden) { return; }
    padTarget = input;
    padFresh = true;
    input.select();
    padShow(pad);
  });
  // A pad key must not take the focus (the chosen colour stays chosen).
  document.addEventListener("mousedown", function (event) {
    if (event.target.closest && event.target.closest("button[data-pad]")) { event.preventDefault(); }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-pad]");
    if (button && onPad(button)) { event.preventDefault(); }
  });

  function onChipButton(button) {
    var input = document.getElementById(button.dataset.chipFor);
    if (!input) { return false; }
    var count = parseInt(input.value, 10);
    if (!isFinite(count) || count < 0) { count = 0; }
    input.value = String(Math.max(0, count + parseInt(button.dataset.chipDelta, 10)));
    recountChips(input.form);
    return true;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) { return; }
    if (button.dataset.stepFor && onStep(button)) { event.preventDefault(); }
    else if (button.dataset.chipFor && onChipButton(button)) { event.preventDefault(); }
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("input[data-chip-cents]")) { recountChips(event.target.form); }
  });

  // A second tap on "save" while the first is on its way is dropped here; the server's
  // one-time key would also turn it into a replay, so this is only to spare the network.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.matches("form[data-once]")) { return; }
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    form.dataset.sending = "1";
    window.setTimeout(function () { form.dataset.sending = ""; }, 8000);
  });
  // Coming back with the browser's back button must not leave a form stuck.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (f) { f.dataset.sending = ""; });
  });

  // Opening a session: the boxes are listed by name, but the order the banker ticks them is
  // the seating order (B1). Keep that order in the hidden field the server reads, and show
  // each player's seat (the banker has seat 1). Without JavaScript the seats are reordered
  // on the session's seating page instead.
  function tapOrder(fieldset) {
    var hidden = fieldset.querySelector("input[data-tap-order]");
    return hidden ? (hidden.value || "").split(",").filter(Boolean) : [];
  }

  function showSeats(fieldset, order) {
    var hidden = fieldset.querySelector("input[data-tap-order]");
    if (!hidden) { return; }
    hidden.value = order.join(",");
    var banker = fieldset.form && fieldset.form.elements.banker;
    var bankerId = banker ? banker.value : "";
    var others = order.filter(function (id) { return id !== bankerId; });
    fieldset.querySelectorAll("[data-seat-for]").forEach(function (span) {
      var id = span.dataset.seatFor;
      var at = others.indexOf(id);
      span.textContent = id === bankerId && order.indexOf(id) >= 0 ? words("(banker, seat 1)")
        : at < 0 ? "" : words("(seat N)", at + 2);
    });
  }

  function syncSeats(fieldset) {
    var checked = [];
    fieldset.querySelectorAll("input[type=checkbox]").forEach(function (box) {
      if (box.checked) { checked.push(box.value); }
    });
    var order = tapOrder(fieldset).filter(function (id) { return checked.indexOf(id) >= 0; });
    checked.forEach(function (id) { if (order.indexOf(id) < 0) { order.push(id); } });
    showSeats(fieldset, order);
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    var fieldset = target.closest("[data-seat-order]");
    if (fieldset && target.type === "checkbox") {
      var order = tapOrder(fieldset).filter(function (id) { return id !== target.value; });
      if (target.checked) { order.push(target.value); }
      showSeats(fieldset, order);
    } else if (target.name === "banker" && target.form) {
      target.form.querySelectorAll("[data-seat-order]").forEach(syncSeats);
    }
  });

  // The card picker: tap a player's down/up field (or a board position), then tap cards.
  // A card already entered anywhere is greyed out; tapping it again takes it back. The text
  // fields stay the truth, so typing works as well and the server checks every card.
  var cardTarget = null;

  function cardToken(text) {
    var m = /^(10|[2-9TJQKA])([SHDC\u2660\u2665\u2666\u2663])$/i.exec(text);
    if (/^JK$/i.test(text)) { return "JK"; }
    if (!m) { return text; }
    var suit = { "\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c" }[m[2]] || m[2].toLowerCase();
    return (m[1] === "10" ? "T" : m[1].toUpperCase()) + suit;
  }

  function cardsIn(input) {
    return (input.value || "").replace(/,/g, " ").split(/\s+/).filter(Boolean).map(cardToken);
  }

  function refreshPicker(picker) {
    var used = {};
    picker.form.querySelectorAll("input[data-cards]").forEach(function (input) {
      cardsIn(input).forEach(function (card) { used[card] = input; });
    });
    picker.querySelectorAll("button[data-card]").forEach(function (button) {
      var isUsed = Boolean(used[button.dataset.card]);
      button.classList.toggle("used", isUsed);
      button.setAttribute("aria-pressed", isUsed ? "true" : "false");
    });
    picker.form.querySelectorAll("input[data-cards]").forEach(function (input) {
      input.classList.toggle("card-target", input === cardTarget);
    });
    // One tap folds the player the picker is on, and the picker moves on to the next.
    var fold = picker.querySelector("[data-picker-fold]");
    var folded = foldBox(cardTarget);
    if (fold) {
      var who = cardTarget && cardTarget.closest("tr") && cardTarget.closest("tr").querySelector("th");
      fold.hidden = !folded;
      fold.textContent = who ? words("NAME folded", who.textContent.trim()) : words("folded");
    }
    // One tap folds everyone left without cards and saves, once someone's cards are in: two
    // shown hands and four folds are the cards' taps, two taps to their seats and this one.
    var rest = document.querySelector("button[data-fold-rest][form='" + picker.form.id + "']");
    if (rest) {
      var rows = playerRows(picker.form);
      rest.hidden = !(rows.some(hasCards) && rows.some(function (row) { return foldable(row); }));
    }
    var label = picker.querySelector("[data-picker-target]");
    if (label) {
      var held = cardTarget ? cardsIn(cardTarget) : [];
      label.textContent = cardTarget ? cardTarget.getAttribute("aria-label") +
        (held.length ? ": " + held.join(" ") : "") : "—";
    }
  }

  // Bring the field the picker now fills into view above the picker and the buttons, which
  // stay at the bottom of the screen.
  function follow(picker) {
    if (!cardTarget || !cardTarget.scrollIntoView) { return; }
    var bar = document.getElementById("hand-actions");
    var covered = (picker.dataset.form ? picker.offsetHeight : 0) + (bar ? bar.offsetHeight : 0);
    cardTarget.style.scrollMarginBottom = (covered + 12) + "px";
    cardTarget.scrollIntoView({ block: "nearest" });
  }

  // The fields the picker fills, in the page's order: the shown ones of players who did not
  // fold (a folded player's cards are only typed, for the wimp rule).
  function openFields(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input[data-cards]"), function (input) {
      var row = input.closest("tr");
      var folded = row && row.querySelector("input[name$=_folded]");
      return input.getClientRects().length > 0 && !(folded && folded.checked);
    });
  }

  function isFull(input) {
    if (input.dataset.extraOf) {    // extra down cards (H2): one for each such card shown up
      var up = document.getElementById(input.dataset.extraOf);
      var givers = (input.dataset.extraCards || "").split(" ");
      var owed = up ? cardsIn(up).filter(function (c) { return givers.indexOf(c) >= 0; }).length : 0;
      return cardsIn(input).length >= owed;
    }
    var count = parseInt(input.dataset.count || "0", 10);
    return count > 0 && cardsIn(input).length >= count;
  }

  // The next field that still wants cards after `from` (the first one when `from` is null).
  function nextTarget(form, from) {
    var fields = openFields(form);
    var start = from ? fields.indexOf(from) + 1 : 0;
    for (var i = start; i < fields.length; i++) {
      if (!isFull(fields[i])) { return fields[i]; }
    }
    return null;
  }

  // The "folded" box of the player whose field the picker fills; null when there is none.
  function foldBox(input) {
    var row = input && input.closest("tr");
    return row ? row.querySelector("input[name$=_folded]") : null;
  }

  function onFold(button) {
    var picker = button.closest("[data-card-picker]");
    var box = foldBox(cardTarget);
    if (!box) { return false; }
    box.checked = true;
    box.dispatchEvent(new Event("change", {bubbles: true}));   // startPicker moves on
    refreshPicker(picker);
    follow(picker);
    return true;
  }

  // The rows of the players (those with a "folded" box), and whether a row holds any card.
  function playerRows(form) {
    return Array.prototype.filter.call(form.querySelectorAll("tr"), function (row) {
      return Boolean(row.querySelector("input[name$=_folded]"));
    });
  }

  function hasCards(row) {
    return Array.prototype.some.call(row.querySelectorAll("input[data-cards]"), function (input) {
      return cardsIn(input).length > 0;
    });
  }

  function foldable(row) {
    var box = row.querySelector("input[name$=_folded]");
    return !box.checked && !hasCards(row);
  }

  // (on the button's click, before the form is sent with the boxes checked)
  function onFoldRest(button) {
    var form = document.getElementById(button.getAttribute("form"));
    if (!form) { return false; }
    var boxes = playerRows(form).filter(foldable).map(function (row) {
      return row.querySelector("input[name$=_folded]");
    });
    if (!boxes.length) { return false; }
    boxes.forEach(function (box) { box.checked = true; });
    return true;
  }

  function onCard(button) {
    var picker = button.closest("[data-card-picker]");
    var card = button.dataset.card;
    var owner = null;
    picker.form.querySelectorAll("input[data-cards]").forEach(function (input) {
      if (cardsIn(input).indexOf(card) >= 0) { owner = input; }
    });
    if (owner) {          // a second tap takes the card back, and that field is the target
      owner.value = cardsIn(owner).filter(function (c) { return c !== card; }).join(" ");
      cardTarget = owner;
    } else {
      if (!cardTarget || isFull(cardTarget)) { cardTarget = nextTarget(picker.form, cardTarget); }
      if (cardTarget) {
        cardTarget.value = cardsIn(cardTarget).concat([card]).join(" ");
        // a full hand moves the picker on: one tap per card, no tap on the next field
        if (isFull(cardTarget)) {
          cardTarget = nextTarget(picker.form, cardTarget) || cardTarget;
          follow(picker);
        }
      }
    }
    refreshPicker(picker);
    return true;
  }

  // By the cards: the picker starts at the first field that wants cards; a player who folds
  // is skipped.
  // The picker of a form: inside it, or outside naming it (data-form), as on the hand page.
  function pickerOf(form) {
    if (!form) { return null; }
    return form.querySelector("[data-card-picker]") ||
      (form.id ? document.querySelector("[data-card-picker][data-form='" + form.id + "']") : null);
  }

  function startPicker(form, scroll) {
    var picker = pickerOf(form);
    if (!picker) { return; }
    if (!cardTarget || openFields(form).indexOf(cardTarget) < 0) {
      cardTarget = nextTarget(form, null);
    }
    refreshPicker(picker);
    if (scroll && cardTarget) { follow(picker); }
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches("input[data-cards]")) {
      cardTarget = event.target;
      var picker = pickerOf(event.target.form);
      if (picker) { refreshPicker(picker); }
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-card]");
    if (button && onCard(button)) { event.preventDefault(); }
    var fold = event.target.closest("button[data-picker-fold]");
    if (fold && onFold(fold)) { event.preventDefault(); }
    var rest = event.target.closest("button[data-fold-rest]");
    if (rest) { onFoldRest(rest); }   // and the form is sent
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches("input[data-cards]")) {
      var picker = pickerOf(event.target.form);
      if (picker) { refreshPicker(picker); }
    }
  });
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.form && pickerOf(target.form) &&
        (target.name === "mode" || /_folded$/.test(target.name))) {
      startPicker(target.form, target.name === "mode");
    }
  });

  // Copy a player's private link, or a payment handle: <button data-copy="input-id" hidden>.
  // The button is shown only when this script runs (also in parts htmx swaps in); without it
  // the text is in a read-only field to select.
  function copyLink(button) {
    var input = document.getElementById(button.dataset.copy);
    if (!input) { return; }
    var label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    var done = function () {
      button.textContent = words("Copied");
      window.setTimeout(function () { button.textContent = label; }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {
        input.select();
      });
    } else {
      input.focus();
      input.select();
      try { if (document.execCommand("copy")) { done(); } } catch (e) { /* selected */ }
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (button) { event.preventDefault(); copyLink(button); }
  });

  document.addEventListener("htmx:load", function (event) {
    event.detail.elt.querySelectorAll("button[data-copy]").forEach(function (b) {
      b.hidden = false;
    });
  });

  // The parts htmx polls answer a conditional request (ledger/views/conditional.py): the ETag
  // of the last answer goes back in If-None-Match, and a 304 - nothing written since - leaves
  // the part as it is (base.html: htmx does not swap a 304).
  var etags = {};
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "get") { return; }
    var tag = etags[event.detail.path];
    if (tag) { event.detail.headers["If-None-Match"] = tag; }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var config = event.detail.requestConfig;
    if (!xhr || !config || config.verb !== "get") { return; }
    var tag = xhr.getResponseHeader("ETag");
    if (tag) { etags[config.path] = tag; } else { delete etags[config.path]; }
  });

  // Focus never hides under what sticks to the bottom of the screen (the Save bar, the chip
  // pad, the card picker; WCAG 2.4.11): a field or button tabbed to behind them is scrolled up
  // above them. app.css's scroll-padding does it for the bar alone, without JavaScript.
  var STUCK = ".action-bar, .form-save, .chip-pad, .card-picker[data-form]";

  function coverTop(el) {
    var top = window.innerHeight;
    document.querySelectorAll(STUCK).forEach(function (bar) {
      if (bar.hidden || bar.contains(el) || getComputedStyle(bar).position !== "sticky") {
        return;
      }
      // stuck to the bottom now: its bottom where its CSS bottom puts it (the pad sits
      // on the Save bar, var(--bar) up)
      var box = bar.getBoundingClientRect();
      var offset = parseFloat(getComputedStyle(bar).bottom) || 0;
      if (box.height && box.bottom + offset >= window.innerHeight - 2 && box.top < top) {
        top = box.top;
      }
    });
    return top;
  }

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (!el || !el.getBoundingClientRect) { return; }
    // the keyboard's focus only: a tap or click focuses what it presses, and a page that
    // moved between its press and its release would lose the tap (a Submit never sent)
    if (el.matches && !el.matches(":focus-visible")) { return; }
    var box = el.getBoundingClientRect();
    var top = coverTop(el);
    if (box.bottom > top - 4) { window.scrollBy(0, box.bottom - top + 12); }
  });

  // The night's page keeps the tablet awake (the Screen Wake Lock) while the switch
  // (data-wake) is on, its choice remembered on the device; the browser lets the lock go
  // when the page is hidden, so it is taken again when the page comes back. The switch's
  // data-wake-lock says what holds: "on", "off", or "refused" (the browser said no).
  var WAKE_KEY = "banker-keep-awake";
  var wakeLock = null;

  function wakeState(box, state, words) {
    box.dataset.wakeLock = state;
    var out = document.getElementById("wake-state");
    if (out) { out.textContent = words; }
  }

  function takeWakeLock(box) {
    if (!box.checked || document.visibilityState !== "visible") { return; }
    if (wakeLock && !wakeLock.released) { return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      if (!box.checked) { lock.release(); return; }
      wakeState(box, "on", words("The screen stays on."));
      lock.addEventListener("release", function () {
        if (wakeLock === lock) { wakeLock = null; }
        wakeState(box, "off", box.checked ? "" : words("The screen may sleep."));
      });
    }).catch(function () {
      wakeState(box, "refused", words("This browser would not keep the screen on."));
    });
  }

  function startWake(box) {
    var remembered = null;
    try { remembered = localStorage.getItem(WAKE_KEY); } catch (e) { /* private mode */ }
    box.checked = remembered !== "off";
    box.closest("[data-wake]").hidden = false;
    box.addEventListener("change", function () {
      try { localStorage.setItem(WAKE_KEY, box.checked ? "on" : "off"); } catch (e) { /* */ }
      if (box.checked) {
        takeWakeLock(box);
      } else {
        if (wakeLock) { wakeLock.release(); wakeLock = null; }
        wakeState(box, "off", words("The screen may sleep."));
      }
    });
    document.addEventListener("visibilitychange", function () { takeWakeLock(box); });
    takeWakeLock(box);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button[data-copy]").forEach(function (b) { b.hidden = false; });
    var wakeBox = document.getElementById("keep-awake");
    if (wakeBox && "wakeLock" in navigator) {
      startWake(wakeBox);
    } else if (wakeBox) {          // an old browser, or a plain-HTTP page (not secure)
      wakeBox.checked = false;
      wakeBox.disabled = true;
      wakeBox.closest("[data-wake]").hidden = false;
      wakeState(wakeBox, "unavailable", window.isSecureContext
        ? words("This browser cannot keep the screen on: set the tablet's screen timeout.")
        : words("Only over HTTPS can the browser keep the screen on: set the tablet's " +
                "screen timeout."));
    }
    document.querySelectorAll("form[data-chip-form]").forEach(recountChips);
    document.querySelectorAll("[data-chip-pad]").forEach(function (pad) {
      pad.hidden = false;
      pad.form = pad.closest("form");
      pad.form.querySelectorAll("input[data-chip-cents]").forEach(function (input) {
        input.setAttribute("inputmode", "none");   // the pad, not the tablet's keyboard
      });
      padShow(pad);
    });
    document.querySelectorAll("[data-seat-order]").forEach(syncSeats);
    document.querySelectorAll("[data-card-picker]").forEach(bindPicker);
  });

  // A picker shown and bound to its form: inside it, or the one it names (data-form).
  function bindPicker(picker) {
    picker.hidden = false;
    picker.form = document.getElementById(picker.dataset.form || "") || picker.closest("form");
    if (!picker.form) { return; }
    // the picker is the keyboard on a tablet: tapping a field chooses it, no keyboard pops
    // up (a real keyboard still types)
    picker.form.querySelectorAll("input[data-cards]").forEach(function (input) {
      input.setAttribute("inputmode", "none");
    });
    startPicker(picker.form);
  }

  // A form of cards htmx swaps in (the odds' answer comes back with its form): bound again.
  document.addEventListener("htmx:load", function (event) {
    var part = event.detail.elt;
    if (part === document.body || !part.querySelector || !part.querySelector("input[data-cards]")) {
      return;
    }
    document.querySelectorAll("[data-card-picker]").forEach(bindPicker);
  });
})();

/* ---- finding a game by what the dealer types: rules/games/search.py, line for line (its
   docstring has the ranking; tests/browser/test_game_search.py keeps the two in step). ---- */
var gameSearch = (function () {
  "use strict";
  var UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen " +
    "fourteen fifteen sixteen seventeen eighteen nineteen").split(" ");
  var TENS = {twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80,
    ninety: 90};
  var NUMBERS = {};
  UNITS.forEach(function (word, n) { NUMBERS[word] = n; });
  Object.keys(TENS).forEach(function (word) { NUMBERS[word] = TENS[word]; });
  var NAME_RANKS = 2;

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  function words(text) {
    text = String(text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s*['\u2019]\s*em\b/g, "em")
      .replace(/['\u2019]/g, "")
      .replace(/\bhold\s+em\b/g, "holdem")
      .replace(/\b(hi|high)\s*(?:[-\/]|\s|\sor\s|\sand\s)?\s*(lo|low)\b/g, "highlow")
      .replace(/\b(8|eight)\s*-?\s*or\s*-?\s*better\b/g, "8 or better");
    return text.replace(/[^a-z0-9&]+/g, " ").split(" ").filter(Boolean).map(function (word) {
      return word === "hi" ? "high" : word === "lo" ? "low" : word;
    });
  }

  function number(word) {
    if (has(NUMBERS, word)) { return NUMBERS[word]; }
    if (/es$/.test(word) && has(NUMBERS, word.slice(0, -2))) { return NUMBERS[word.slice(0, -2)]; }
    if (/s$/.test(word) && has(NUMBERS, word.slice(0, -1))) { return NUMBERS[word.slice(0, -1)]; }
    var digits = /^([0-9]+)s$/.exec(word);
    return digits ? parseInt(digits[1], 10) : null;
  }

  function numbers(raw) {
    var out = [];
    var previousTens = false;
    raw.forEach(function (word) {
      var n = number(word);
      if (n !== null && n > 0 && n < 10 && previousTens) {
        out[out.length - 1] = String(parseInt(out[out.length - 1], 10) + n);
        previousTens = false;
        return;
      }
      previousTens = n !== null && has(TENS, word);
      out.push(n !== null ? String(n) : word);
    });
    return out;
  }

  function normal(text) { return numbers(words(text)).join(" "); }

  function startsWith(text, start) { return text.slice(0, start.length) === start; }

  function rankOne(query, search) {
    var mapped = normal(query).split(" ").filter(Boolean);
    if (!mapped.length) { return null; }
    var compact = mapped.join("");
    var rawCompact = words(query).join("");
    var best = null;
    (search.names || []).forEach(function (name, i) {
      var tokens = name.split(" ").filter(Boolean);
      var raw = (search.raw || [])[i];
      var r = null;
      if (tokens.join(" ") === mapped.join(" ") || tokens.join("") === compact ||
          raw === rawCompact) {
        r = 0;
      } else if (mapped.every(function (w) { return tokens.indexOf(w) >= 0; })) {
        r = 1;
      } else if (startsWith(tokens.join(""), compact) ||
                 (raw !== undefined && startsWith(raw, rawCompact))) {
        r = 2;
      }
      if (r !== null && (best === null || r < best)) { best = r; }
    });
    if (best !== null) { return best; }
    var text = search.text || "";
    return mapped.every(function (w) { return text.indexOf(w) >= 0; }) ? 3 : null;
  }

  // games: [{value, search: {names, raw, text}, ...}] -> [{rank, game}], best first, one a value
  function rank(query, games) {
    var seen = {};
    var found = [];
    games.forEach(function (game, order) {
      if (seen[game.value]) { return; }
      var r = rankOne(query, game.search);
      if (r !== null) { seen[game.value] = true; found.push({rank: r, order: order, game: game}); }
    });
    found.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });
    return found;
  }

  function best(ranked) {
    if (!ranked.length || ranked[0].rank > NAME_RANKS) { return null; }
    if (ranked.length > 1 && ranked[1].rank === ranked[0].rank) { return null; }
    return ranked[0].game.value;
  }

  return {normal: normal, words: words, rank: rank, best: best};
})();

/* ---- the game call: a search box over the ~110 games, and the chosen game's rules in plain
   words (the rules come in the page as JSON, game-rules-data). Without JavaScript the grouped
   list and the rules of a game chosen before are there as they are. ---- */
(function () {
  "use strict";

  function showRules(panel, entry) {
    if (!panel) { return; }
    panel.textContent = "";
    if (!entry || !entry.words || !entry.words.length) { return; }
    var list = document.createElement("dl");
    list.className = "rules-words";
    entry.words.forEach(function (pair) {
      var topic = document.createElement("dt");
      topic.textContent = pair[0];
      var sentence = document.createElement("dd");
      sentence.textContent = pair[1];
      list.appendChild(topic);
      list.appendChild(sentence);
    });
    panel.appendChild(list);
  }

  function setUp(form, data) {
    var select = form.querySelector("select[name=game]");
    var box = form.querySelector("[data-game-search]");
    if (!select || !box) { return; }
    var input = box.querySelector("input[type=search]");
    var count = box.querySelector("#game-search-count");
    var matches = box.querySelector("[data-game-matches]");
    var panel = form.querySelector("[data-game-rules]");
    var original = select.innerHTML;
    box.hidden = false;

    function choose(value) {
      select.value = value;
      showRules(panel, data[value]);
      matches.querySelectorAll("button[data-game]").forEach(function (button) {
        button.setAttribute("aria-pressed", button.dataset.game === value ? "true" : "false");
      });
    }

    var own = box.querySelector("[data-own-game]");
    var saveAs = form.querySelector("input[name=save_as]");

    function filter() {
      var words = gameSearch.normal(input.value).split(" ").filter(Boolean);
      var chosen = select.value;
      select.innerHTML = original;
      matches.textContent = "";
      if (!words.length) {
        count.textContent = "";
        choose(chosen);
        return;
      }
      // what each game is searched by (its names, family and rules words), ranked as
      // rules/games/search.py ranks: a name before a rules match, the best name chosen alone
      var ranked = gameSearch.rank(input.value, Array.prototype.slice.call(
        select.querySelectorAll("option")).filter(function (option) { return option.value; })
        .map(function (option) {
          var entry = data[option.value] || {};
          return {value: option.value, option: option, search: entry.search ||
            {names: [gameSearch.normal(option.textContent)], raw: [], text: " " +
              gameSearch.normal(option.textContent) + " "}};
        }));
      var kept = {};
      ranked.forEach(function (row) { kept[row.game.value] = row.game.option; });
      Array.prototype.slice.call(select.querySelectorAll("option")).forEach(function (option) {
        if (option.value && kept[option.value] !== option) { option.remove(); }   // one each
      });
      select.querySelectorAll("optgroup").forEach(function (group) {
        if (!group.querySelector("option")) { group.remove(); }
      });
      var found = ranked.map(function (row) { return row.game.option; });
      count.textContent = found.length ? found.length + (found.length === 1 ? " game" : " games")
        : "No game matches “" + input.value.trim() + "”.";
      // Nothing matches: the dealer's own game, under the name typed (S12).
      if (own) {
        own.hidden = Boolean(found.length);
        own.dataset.name = input.value.trim();
        own.textContent = "Call “" + titled(input.value.trim()) + "” as the dealer's own game";
      }
      found.slice(0, 8).forEach(function (option) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "btn btn-small";
        button.dataset.game = option.value;
        button.textContent = option.textContent;
        matches.appendChild(button);
      });
      choose(gameSearch.best(ranked) || "");   // a clear best name match, else none
    }

    input.addEventListener("input", filter);
    if (own) {
      own.addEventListener("click", function (event) {
        event.preventDefault();
        var name = titled(own.dataset.name || "");
        input.value = "";
        filter();
        if (saveAs) {
          saveAs.value = name;
          var details = saveAs.closest("details");
          if (details) { details.open = true; }
        }
        own.hidden = true;
        count.textContent = "The dealer's own game, saved for the house as “" + name +
          "”: choose the game it is played like, then change its rules below.";
        select.focus();
      });
    }
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); }   // Enter picks, never calls
    });
    matches.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-game]");
      if (button) { event.preventDefault(); choose(button.dataset.game); }
    });
    select.addEventListener("change", function () { showRules(panel, data[select.value]); });
    if (select.value && panel && !panel.firstElementChild) { showRules(panel, data[select.value]); }
  }

  function titled(text) {
    return text.replace(/(^|\s)(\S)/g, function (m, space, first) {
      return space + first.toUpperCase();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var json = document.getElementById("game-rules-data");
    if (!json) { return; }
    var data = JSON.parse(json.textContent);
    document.querySelectorAll("form").forEach(function (form) { setUp(form, data); });
  });
})();
