/* Banker: small enhancements on top of plain forms. Every button here also works without
   JavaScript (it submits the form and the server answers with the same result), so this file
   only makes the tablet faster. Money is handled in integer cents, never floats. */
(function () {
  "use strict";

  // "18.05" / "18.5" / "$18" -> 1805; null when it is not an amount.
  function parseCents(text) {
    var m = /^\s*\$?\s*(\d*)(?:\.(\d{0,2}))?\s*$/.exec(text || "");
    if (!m || (m[1] === "" && (m[2] === undefined || m[2] === ""))) { return null; }
    var cents = (m[2] || "").padEnd(2, "0");
    return parseInt(m[1] || "0", 10) * 100 + parseInt(cents, 10);
  }

  function formatCents(cents) {
    var sign = cents < 0 ? "-" : "";
    var abs = Math.abs(cents);
    var part = String(abs % 100).padStart(2, "0");
    return sign + String(Math.floor(abs / 100)) + "." + part;
  }

  // $5 step buttons: <button name="bump" value="500" data-step-for="id_amount">
  function onStep(button) {
    var input = document.getElementById(button.dataset.stepFor);
    if (!input) { return false; }
    if (button.value === "clear") {
      input.value = "";
    } else {
      var current = parseCents(input.value);
      var next = (current === null ? 0 : current) + parseInt(button.value, 10);
      input.value = formatCents(Math.max(0, next));
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return true;
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
      if (out) { out.textContent = "$" + formatCents(sub); }
    });
    var odd = total % 100;
    var show = function (id, cents) {
      var el = document.getElementById(id);
      if (el) { el.textContent = "$" + formatCents(cents); }
    };
    show("chip-total", total);
    show("chip-whole", total - odd);
    show("chip-odd", odd);
  }

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
    if (!form.matches("form[data-once]")) { return; }
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    form.dataset.sending = "1";
    window.setTimeout(function () { form.dataset.sending = ""; }, 8000);
  });
  // Coming back with the browser's back button must not leave a form stuck.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (f) { f.dataset.sending = ""; });
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-chip-form]").forEach(recountChips);
  });
})();
