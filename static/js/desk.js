// The organiser's desk, progressive enhancements only (every form works without them):
// 1. A form with data-confirm asks before it is sent (finishing, locking: not undone).
// 2. A button with data-print prints the page (the table cards).
// 3. A page that names a wrong entry puts the cursor in the first marked field (or on the
//    summary that names it, the paper sheet's grid), scrolled into view.
// 4. A write sent by htmx (a fee's one tap) that gets no answer, or an error for an answer,
//    says so beside its form ("Not saved: …"; the words are the page's data-desk-failures),
//    never silently; the next try takes the note away.
// 5. Back at a player's row (#player-<pk>: after a check-in, a correction, a fee), the page's
//    messages ("… is checked in; the entry fee is still due") move under that row, where the
//    organiser is, rather than staying at the top of a long list.
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
  });

  function failureNote(form) {
    var next = form.nextElementSibling;
    return next && next.hasAttribute("data-desk-failure") ? next : null;
  }

  function failed(event, text) {
    var form = event.detail.elt;
    var words = document.querySelector("[data-desk-failures]");
    if (!form || !words || event.detail.requestConfig.verb === "get") { return; }
    var note = failureNote(form);
    if (!note) {
      note = document.createElement("span");
      note.className = "error";
      note.setAttribute("role", "alert");
      note.setAttribute("data-desk-failure", "");
      form.insertAdjacentElement("afterend", note);
    }
    note.textContent = text(words.dataset);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var note = event.detail.elt && failureNote(event.detail.elt);
    if (note) { note.remove(); }
  });
  document.addEventListener("htmx:sendError", function (event) {
    failed(event, function (words) { return words.offline; });
  });
  document.addEventListener("htmx:timeout", function (event) {
    failed(event, function (words) { return words.offline; });
  });
  document.addEventListener("htmx:responseError", function (event) {
    failed(event, function (words) {
      return words.refused.replace("{status}", event.detail.xhr.status);
    });
  });

  function messagesToRow() {
    var id = window.location.hash.slice(1);
    var row = id.indexOf("player-") === 0 ? document.getElementById(id) : null;
    var messages = document.querySelector("main > ul.messages");
    if (!row || !messages || row.tagName !== "TR") { return; }
    var cell = document.createElement("td");
    cell.colSpan = row.cells.length;
    cell.appendChild(messages);
    var line = document.createElement("tr");
    line.className = "row-messages";
    line.appendChild(cell);
    row.insertAdjacentElement("afterend", line);
  }

  document.addEventListener("DOMContentLoaded", function () {
    messagesToRow();
    var summary = document.querySelector("[data-focus-first-wrong]");
    var wrong = document.querySelector('[aria-invalid="true"]');
    if (summary) {
      (wrong || summary).focus();
      summary.scrollIntoView({ block: "start" });
    } else if (wrong) {  // a refused form of the desk, far down the page: its first wrong field
      wrong.focus();
      wrong.scrollIntoView({ block: "center" });
    }
  });
})();
