// Small helpers for the desk's list pages, loaded only by the pages that use them
// (no inline script: the Content-Security-Policy refuses it). Each page works without them.
//
// - data-copy="SELECTOR" on a (hidden) button: shown, and copies SELECTOR's value.
// - data-check-all="NAME" on a (hidden) button: shown, and ticks every enabled
//   checkbox named NAME on the page; pressed again, it unticks them.
(function () {
  "use strict";

  function copy(button) {
    var source = document.querySelector(button.dataset.copy);
    if (!source) return;
    var done = function () {
      button.textContent = "Copied";
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(done, function () {
        source.select();
      });
    } else {
      source.select();
      try {
        if (document.execCommand("copy")) done();
      } catch (e) {
        // The text stays selected: the official copies it by hand.
      }
    }
  }

  function checkAll(button) {
    var boxes = document.querySelectorAll(
      'input[type=checkbox][name="' + button.dataset.checkAll + '"]:not(:disabled)'
    );
    var tick = Array.prototype.some.call(boxes, function (box) { return !box.checked; });
    boxes.forEach(function (box) { box.checked = tick; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-copy], [data-check-all]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        if (button.dataset.copy) copy(button);
        else checkAll(button);
      });
    });
  });
})();
