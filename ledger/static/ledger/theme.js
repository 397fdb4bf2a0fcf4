/* Banker: the light or dark theme chosen on this device. Loaded in <head> without defer (a
   file, not an inline script: the CSP is default-src 'self'), so data-theme is on <html>
   before the first paint and a dark room never sees a white flash. Without a choice the
   device's own setting rules (prefers-color-scheme in app.css). The header's button
   (data-theme-toggle) switches and remembers the choice in localStorage. */
(function () {
  "use strict";
  var KEY = "banker-theme";
  var root = document.documentElement;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function apply(theme) {
    if (theme === "dark" || theme === "light") {
      root.setAttribute("data-theme", theme);
    } else {
      root.removeAttribute("data-theme");
    }
  }

  // What the page shows now: the choice made here, else the device's setting.
  function current() {
    var theme = root.getAttribute("data-theme");
    if (theme) { return theme; }
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
      ? "dark" : "light";
  }

  function label(button) {
    var dark = current() === "dark";
    // The button names the theme it switches to.
    // In the page's language: the words are the button's data attributes (the template's).
    var words = button.dataset;
    button.textContent = dark ? (words.light || "Light") : (words.dark || "Dark");
    button.setAttribute("aria-label", dark ? (words.toLight || "Switch to the light theme")
      : (words.toDark || "Switch to the dark theme"));
    var meta = document.querySelector("meta[name=theme-color]");
    if (meta) { meta.setAttribute("content", dark ? "#0c3a26" : "#0b5d3b"); }
  }

  apply(stored());

  document.addEventListener("DOMContentLoaded", function () {
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    buttons.forEach(function (button) {
      label(button);
      button.hidden = false;
      button.addEventListener("click", function () {
        var next = current() === "dark" ? "light" : "dark";
        apply(next);
        try { localStorage.setItem(KEY, next); } catch (e) { /* private mode: this page only */ }
        buttons.forEach(label);
      });
    });
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      var relabel = function () { buttons.forEach(label); };
      if (query.addEventListener) { query.addEventListener("change", relabel); }
    }
  });
}());
