// The clocks of rounds and bracket rounds (templates/tournaments/_clock.html): count down to
// the end the server wrote in the page (data-clock-ends, ms since 1970 on the server's
// clock) and say "Time is up" at zero.
//
// The phone's own clock is never read: it may be minutes wrong. The script asks the server
// what time it is (the X-Server-Now header of /now/, an empty answer; the header is on every
// answer, tournaments/server_time.py), keeps the difference between that and the
// browser's monotonic timer (performance.now, which only counts time passing), and counts
// from there. So a page built long ago and served from the cache counts right too. Until
// the server has answered (or if it cannot be reached) the page shows what the server
// wrote: the time the clock ends, on the desk's clock. Pages swapped in by htmx polling
// are counted at once; the offset is asked again every five minutes and when a page comes
// back from the browser's back-forward cache. No inline script (Content-Security-Policy).
(function () {
  "use strict";

  var NOW_URL = "/now/";
  var offset = null; // server time (ms since 1970) minus performance.now()
  var RESYNC_MS = 5 * 60 * 1000;

  function clocks() {
    return document.querySelectorAll("[data-clock-ends]");
  }

  function text(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    return (hours ? hours + ":" : "") + mm + ":" + String(rest).padStart(2, "0");
  }

  function tick() {
    if (offset === null) return;
    var now = performance.now() + offset;
    clocks().forEach(function (clock) {
      var ends = Number(clock.getAttribute("data-clock-ends"));
      var left = Math.max(0, Math.ceil((ends - now) / 1000));
      var shown = clock.querySelector(".clock-left");
      if (!shown) return;
      var words = left > 0 ? text(left) : "Time is up";
      if (shown.textContent !== words) shown.textContent = words;
      clock.classList.toggle("clock-up", left === 0);
      clock.classList.add("clock-running");
    });
  }

  function sync() {
    if (!window.fetch || !clocks().length) return;
    var sent = performance.now();
    fetch(NOW_URL, { cache: "no-store", credentials: "omit" })
      .then(function (response) {
        var server = Number(response.headers.get("X-Server-Now"));
        if (!server) return;
        var received = performance.now();
        // The server answered somewhere between sending and receiving: take the middle.
        offset = server - (sent + received) / 2;
        tick();
      })
      .catch(function () { /* offline: the page keeps the end time the server wrote */ });
  }

  function start() {
    sync();
    window.setInterval(tick, 250);
    window.setInterval(sync, RESYNC_MS);
  }

  document.addEventListener("htmx:afterSettle", function () {
    if (offset === null) sync(); else tick();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) sync();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
