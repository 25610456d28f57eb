// The hall display (templates/tournaments/display.html): one panel at a time, the next every
// 15 seconds, round and round. The page refreshes itself by htmx polling; the panel shown
// stays shown across a refresh (found again by its data-panel name). Without this file the
// panels stand one under the other. No inline script (Content-Security-Policy).
(function () {
  "use strict";

  var TURN_MS = 15000;
  var current = null; // the data-panel name shown

  function panels() {
    return Array.prototype.slice.call(document.querySelectorAll("#live .panel[data-panel]"));
  }

  function show(name) {
    var all = panels();
    if (!all.length) return;
    var found = all.some(function (panel) { return panel.getAttribute("data-panel") === name; });
    if (!found) name = all[0].getAttribute("data-panel");
    all.forEach(function (panel) {
      panel.classList.toggle("on", panel.getAttribute("data-panel") === name);
    });
    current = name;
  }

  function next() {
    var names = panels().map(function (panel) { return panel.getAttribute("data-panel"); });
    if (!names.length) return;
    var at = names.indexOf(current);
    show(names[(at + 1) % names.length]);
  }

  function start() {
    document.body.classList.add("cycling");
    show(current);
    window.setInterval(next, TURN_MS);
  }

  document.addEventListener("htmx:afterSettle", function () { show(current); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
