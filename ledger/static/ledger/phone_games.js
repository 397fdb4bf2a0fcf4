// "Your games": the games whose links this phone has opened, kept in this browser alone
// (localStorage), listed on each phone page when there are several. The server never sends
// one house's page anything of another house: the list is the browser's own memory.
(function () {
  "use strict";
  var nav = document.getElementById("your-games");
  if (!nav || !window.localStorage) { return; }
  var KEY = "banker-games";
  var LINK = /^\/p\/[A-Za-z0-9_-]+\/$/;
  var here = {game: nav.dataset.game || "", player: nav.dataset.player || "",
              link: nav.dataset.link || ""};
  if (!LINK.test(here.link)) { return; }
  var kept = [];
  try { kept = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { kept = []; }
  if (!Array.isArray(kept)) { kept = []; }
  var games = [here].concat(kept.filter(function (g) {
    return g && typeof g.game === "string" && typeof g.player === "string" &&
      typeof g.link === "string" && LINK.test(g.link) && g.link !== here.link;
  })).slice(0, 12);
  try { localStorage.setItem(KEY, JSON.stringify(games)); } catch (e) { /* private mode */ }
  if (games.length < 2) { return; }
  games.sort(function (a, b) { return a.game.localeCompare(b.game); });
  var named = {};
  games.forEach(function (g) { named[g.game] = (named[g.game] || 0) + 1; });
  nav.appendChild(document.createTextNode("Your games: "));
  games.forEach(function (g, i) {
    if (i) { nav.appendChild(document.createTextNode(" · ")); }
    var label = named[g.game] > 1 ? g.game + " (" + g.player + ")" : g.game;
    var item = document.createElement(g.link === here.link ? "strong" : "a");
    if (g.link !== here.link) { item.href = g.link; }
    item.textContent = label;
    nav.appendChild(item);
  });
  nav.hidden = false;
}());
