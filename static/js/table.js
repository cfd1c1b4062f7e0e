// The table page follows the table: every 5 s it asks whether the table changed (a 204 while
// it has not). A changed table replaces the page, unless this phone is in the middle of
// something (a deal typed but not sent, a correction, a conflict to settle): then only the
// parts marked data-live (the slate, the last deal, the history) are replaced, the typed values
// stay, and a note says the table changed. Sending then shows the stored deal beside this one.
(function () {
  "use strict";

  function busy(main) {
    var marks = "#conflict, form.entry input[name=_revision], form.entry[data-dirty], " +
      "form.entry .error, form.entry [aria-invalid=true]";
    return Boolean(main.querySelector(marks));
  }

  function poll(event) {
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    return Boolean(elt && elt.classList && elt.classList.contains("poll"));
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.entry");
    if (form) { form.dataset.dirty = "1"; }
  });
  ["change", "click"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = event.target.closest && event.target.closest("form.entry");
      if (form && event.target.type !== "submit") { form.dataset.dirty = "1"; }
    });
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!poll(event)) { return; }
    var main = document.getElementById("table-main");
    if (!main || !busy(main) || event.detail.xhr.status !== 200) { return; }
    if (event.detail.serverResponse.indexOf('id="table-main"') === -1) { return; }  // not ours
    event.detail.shouldSwap = false;
    var fresh = new DOMParser().parseFromString(event.detail.serverResponse, "text/html");
    var parts = main.querySelectorAll("[data-live][id]");
    for (var i = 0; i < parts.length; i++) {
      var next = fresh.getElementById(parts[i].id);
      if (!next) { continue; }
      parts[i].replaceWith(next);
      window.htmx.process(next);
    }
    var note = main.querySelector("[data-stale-note]");
    if (note) { note.hidden = false; }
  });

  // A conflict or an error answer: bring it into view and give it the focus.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (poll(event)) { return; }
    var shown = document.querySelector("#conflict, [aria-invalid=true], .entry .error");
    if (shown && shown.focus) {
      if (!shown.matches("input, select, textarea, button, a")) { shown.tabIndex = -1; }
      shown.scrollIntoView({block: "center"});
      shown.focus({preventScroll: true});
    }
  });
})();
