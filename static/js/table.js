// A table's phone keeps what it could not send: a hand or an answer sent while the Wi-Fi
// was gone waits here (in this phone's storage), and is sent again, once, when the
// connection is back. The form's key makes a second arrival count once on the server.
(function () {
  "use strict";
  var KEY = "table-outbox:" + window.location.pathname;
  var box = null;
  var sending = false;

  function stored() {
    try { return JSON.parse(window.localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }
  function keep(item) {
    try { window.localStorage.setItem(KEY, JSON.stringify(item)); } catch (e) { /* full */ }
  }
  function forget() {
    try { window.localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
  }
  function say(text) {
    box = box || document.getElementById("table-outbox");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
  }

  var WAITING = "No connection: what you sent is kept on this phone and will be sent by " +
    "itself once the connection is back. Do not enter it again.";

  function send() {
    var item = stored();
    if (!item || sending) return;
    if (navigator.onLine === false) { say(WAITING); return; }
    sending = true;
    say("Sending what was kept on this phone…");
    var body = new URLSearchParams(item.fields);
    fetch(item.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "follow"
    }).then(function () {
      // Any answer means the server has it (stored, or refused with a reason the page
      // now shows): forget it and show the table as it is.
      forget();
      window.location.reload();
    }, function () {
      sending = false;
      say(WAITING);
    });
  }

  // A hand form or an answer whose request never reached the server.
  function failed(event) {
    var elt = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || !(form.id === "hand-form" || form.classList.contains("answer-form"))) return;
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    var submitter = event.detail.requestConfig.triggeringEvent &&
      event.detail.requestConfig.triggeringEvent.submitter;
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    keep({ action: form.getAttribute("action"), fields: fields });
    say(WAITING);
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  window.addEventListener("online", send);
  document.addEventListener("DOMContentLoaded", function () {
    if (stored()) { say(WAITING); send(); }
  });
  window.setInterval(send, 5000);
})();
