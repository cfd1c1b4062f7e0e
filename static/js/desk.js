// The organiser's desk, progressive enhancements only (every form works without them):
// 1. A form with data-confirm asks before it is sent (finishing, locking: not undone).
// 2. A button with data-print prints the page (the table cards).
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
  });
})();
