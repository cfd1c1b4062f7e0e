// The organiser's desk, progressive enhancements only (every form works without them):
// 1. A form with data-confirm asks before it is sent (finishing, locking: not undone).
// 2. A button with data-print prints the page (the table cards).
// 3. A page that names a wrong entry puts the cursor in the first marked field (or on the
//    summary that names it, the paper sheet's grid), scrolled into view.
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
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
