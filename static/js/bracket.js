// The public bracket on a phone: the round tabs switch without reloading the page, and a
// sideways swipe on the bracket shows the next or the previous round. Without this file
// the tabs are plain links (?round=N) and work the same, one page load each.
// Loaded by bracket_public.html only; no inline script anywhere (Content-Security-Policy).
(function () {
  "use strict";

  var narrow = window.matchMedia("(max-width: 899px)");
  var chosen = null; // a round the player picked: kept when the live part is refreshed

  function rounds() {
    return Array.prototype.slice.call(document.querySelectorAll(".bracket.tabbed .round[data-round]"));
  }

  function current() {
    var shown = document.querySelector(".bracket.tabbed .round.shown");
    return shown ? shown.getAttribute("data-round") : null;
  }

  function show(number) {
    var found = false;
    rounds().forEach(function (round) {
      var on = round.getAttribute("data-round") === String(number);
      round.classList.toggle("shown", on);
      found = found || on;
    });
    if (!found) return false;
    document.querySelectorAll(".round-tabs a[data-round]").forEach(function (tab) {
      if (tab.getAttribute("data-round") === String(number)) {
        tab.setAttribute("aria-current", "true");
        if (tab.scrollIntoView) tab.scrollIntoView({ block: "nearest", inline: "center" });
      } else {
        tab.removeAttribute("aria-current");
      }
    });
    return true;
  }

  function remember(number) {
    chosen = String(number);
    if (window.history && window.history.replaceState) {
      var url = new URL(window.location.href);
      url.searchParams.set("round", chosen);
      url.hash = "rounds";
      window.history.replaceState(null, "", url.toString());
    }
  }

  function step(by) {
    var all = rounds();
    var at = all.findIndex(function (round) { return round.classList.contains("shown"); });
    var next = all[at + by];
    if (!next) return;
    var number = next.getAttribute("data-round");
    if (show(number)) remember(number);
  }

  document.addEventListener("click", function (event) {
    var tab = event.target.closest && event.target.closest(".round-tabs a[data-round]");
    if (!tab || !narrow.matches) return;
    event.preventDefault();
    var number = tab.getAttribute("data-round");
    if (show(number)) remember(number);
  });

  var start = null;
  document.addEventListener("touchstart", function (event) {
    var inside = event.target.closest && event.target.closest(".bracket.tabbed");
    start = inside && event.touches.length === 1
      ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (!start || !narrow.matches) return;
    var touch = event.changedTouches[0];
    var dx = touch.clientX - start.x;
    var dy = touch.clientY - start.y;
    start = null;
    if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    step(dx < 0 ? 1 : -1);
  }, { passive: true });

  // The live part is replaced every 15 s: keep the round the player picked.
  document.addEventListener("htmx:afterSettle", function () {
    if (chosen !== null && current() !== chosen) show(chosen);
  });

  var asked = new URL(window.location.href).searchParams.get("round");
  if (asked) chosen = asked;
})();
