// The desk's own JavaScript: loaded by base.html on every page, no inline script anywhere
// (the Content-Security-Policy refuses inline scripts).
//
// - A failed htmx request (no answer, a timeout, an error status) shows a plain message
//   at the top of the page; nothing is swapped, so a form keeps what was typed.
// - data-print on a button prints the page; data-refocus="SELECTOR" on an htmx form
//   puts the cursor back in SELECTOR after a successful request.
(function () {
  "use strict";

  var MESSAGES = {
    send: "No answer from the desk: check the Wi-Fi connection, then try again. " +
      "What you typed is still here.",
    timeout: "The desk took too long to answer. What you typed is still here: try again.",
    403: "The desk refused this: the page may be out of date or you were signed out. " +
      "Reload the page (sign in again if asked), then try again.",
    404: "This is no longer there: it may have been removed. Reload the page.",
    405: "The desk does not accept this here. Reload the page.",
    413: "That is too large for the desk to accept.",
    429: "Too many tries in a row: wait a minute, then try again.",
    server: "The desk could not finish this (error STATUS). What you typed is still here: " +
      "reload the page to see what was saved, or try again. If it happens again, tell the site admin.",
    other: "The desk answered with error STATUS. What you typed is still here: try again."
  };

  function banner() {
    var box = document.getElementById("desk-problem");
    if (!box) {
      box = document.createElement("div");
      box.id = "desk-problem";
      box.className = "desk-problem";
      box.setAttribute("role", "alert");
      (document.querySelector("main") || document.body).prepend(box);
    }
    return box;
  }

  function show(text, source) {
    var box = banner();
    box.textContent = "";
    var p = document.createElement("p");
    p.textContent = text;
    box.appendChild(p);
    var close = document.createElement("button");
    close.type = "button";
    close.className = "link";
    close.textContent = "Close";
    close.addEventListener("click", hide);
    box.appendChild(close);
    box.hidden = false;
    box.dataset.source = source || "";
  }

  function hide() {
    var box = document.getElementById("desk-problem");
    if (box) {
      box.hidden = true;
      box.dataset.source = "";
    }
  }

  function messageFor(status) {
    if (MESSAGES[status]) return MESSAGES[status];
    var text = status >= 500 ? MESSAGES.server : MESSAGES.other;
    return text.replace("STATUS", String(status));
  }

  // The element that made the request (htmx sets detail.elt to the element an event is
  // fired on: the target, for swap events).
  function requester(event) {
    var detail = event.detail || {};
    return (detail.requestConfig && detail.requestConfig.elt) || detail.elt || null;
  }

  function sourceOf(event) {
    var elt = requester(event);
    return elt && elt.id ? elt.id : "";
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    show(messageFor(xhr ? xhr.status : 0), sourceOf(event));
  });
  document.addEventListener("htmx:sendError", function (event) {
    show(MESSAGES.send, sourceOf(event));
  });
  document.addEventListener("htmx:timeout", function (event) {
    show(MESSAGES.timeout, sourceOf(event));
  });
  // beforeSwap fires on the element that made the request while it is still in the page
  // (afterRequest does not reach the document once an outerHTML swap replaced it).
  var refocus = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.isError) return;
    // A request that works again (a poll after the Wi-Fi came back) clears the message.
    var box = document.getElementById("desk-problem");
    if (box && !box.hidden && box.dataset.source === sourceOf(event)) hide();
    var elt = requester(event);
    refocus = (elt && elt.getAttribute && elt.getAttribute("data-refocus")) || null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!refocus) return;
    var target = document.querySelector(refocus);
    refocus = null;
    if (target) target.focus();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
