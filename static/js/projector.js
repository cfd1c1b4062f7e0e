// Projector mode: shows the panels ([data-projector-panel]: the standings, the next round's
// seating) in turn. A panel taller than the screen scrolls down slowly, pauses at the end and
// goes back to the top; each panel stays at least DWELL ms and until it has been read to the
// end once. htmx refreshes the panels' content meanwhile (every 10 s); when the seating of a
// newly drawn round arrives, it is shown at once: the room wants to know where to sit.
(function () {
  "use strict";

  var DWELL = 20000;  // ms a panel stays at least
  var PAUSE = 4000;   // ms at the top before scrolling and at the end before going back
  var SPEED = 40;     // px per second
  var TICK = 50;      // ms

  var panels = [];
  var current = 0;
  var shownAt = 0;
  var waitUntil = 0;
  var position = 0;
  var read = false;

  function show(index) {
    current = index % panels.length;
    for (var i = 0; i < panels.length; i++) { panels[i].hidden = i !== current; }
    position = 0;
    panels[current].scrollTop = 0;
    shownAt = Date.now();
    waitUntil = shownAt + PAUSE;
    read = false;
  }

  function tick() {
    var now = Date.now();
    if (now < waitUntil) { return; }
    var panel = panels[current];
    var end = panel.scrollHeight - panel.clientHeight;
    if (end > 1 && position < end) {
      position = Math.min(end, position + SPEED * TICK / 1000);
      panel.scrollTop = Math.round(position);
      if (position >= end) { waitUntil = now + PAUSE; read = true; }
      return;
    }
    if (end <= 1) { read = true; }
    if (read && now - shownAt >= DWELL && panels.length > 1) { show(current + 1); return; }
    if (end > 1) {  // read to the end, but not yet shown long enough: from the top once more
      position = 0;
      panel.scrollTop = 0;
      waitUntil = now + PAUSE;
    }
  }

  var seatingRound = null;

  function drawnRound() {
    var marker = document.querySelector("[data-seating-round]");
    return marker ? marker.getAttribute("data-seating-round") : "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    panels = Array.prototype.slice.call(document.querySelectorAll("[data-projector-panel]"));
    if (!panels.length) { return; }
    seatingRound = drawnRound();
    show(0);
    window.setInterval(tick, TICK);
    document.body.addEventListener("htmx:afterSwap", function (event) {
      var round = drawnRound();
      if (round && round !== seatingRound) {
        seatingRound = round;
        var panel = event.target.closest("[data-projector-panel]");
        if (panel) { show(panels.indexOf(panel)); }
      }
    });
  });
})();
