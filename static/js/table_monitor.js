// The table monitor polls every few seconds (htmx, ETag/304). While the official has a
// "Table link" panel or a confirmation open in it, the poll does not replace the monitor
// (that would close what they are reading); it catches up on the next poll after.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "monitor" && target.querySelector("details[open]")) {
      event.detail.shouldSwap = false;
    }
  });
})();
