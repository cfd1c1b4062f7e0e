// The text for the paper: the copy button (hidden without JavaScript; the text box can always be
// selected and copied by hand, or the file downloaded).
(function () {
  "use strict";

  function say(status, key) {
    if (status) { status.textContent = status.dataset[key] || ""; }
  }

  function copied(button, status) {
    var box = document.getElementById(button.dataset.copy);
    if (!box) { return; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.value).then(
        function () { say(status, "copied"); },
        function () { box.select(); say(status, "failed"); }
      );
      return;
    }
    // Over plain http (a pub's laptop in the local network) the clipboard API is missing.
    box.focus();
    box.select();
    say(status, document.execCommand && document.execCommand("copy") ? "copied" : "failed");
  }

  document.addEventListener("DOMContentLoaded", function () {
    var status = document.querySelector("[data-copy-status]");
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copied(button, status); });
    });
  });
})();
