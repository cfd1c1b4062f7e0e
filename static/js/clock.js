// The room's clock (templates/tournaments/room/_strip.html): every [data-clock] counts down to
// its data-ends (ms since 1970, the server's clock) as mm:ss, or h:mm:ss for an hour or more,
// and keeps its data-state: "calm", "amber" in the last five minutes, "over" at 0, when it reads
// its data-over ("Time is up"). The phone's own clock may be wrong: each strip carries the
// server's time when it was made (data-server-now on [data-room]), and the difference to this
// device's clock at the moment the strip arrived is added to every reading. htmx brings new
// strips (the table page's poll, the projector's refresh); each is read once, when first seen.
(function () {
  "use strict";

  var AMBER = 5 * 60;  // seconds: the last five minutes
  var TICK = 250;      // ms
  var skew = 0;        // the server's clock minus this device's, in ms
  var seen = new WeakSet();

  function learn() {
    var rooms = document.querySelectorAll("[data-room][data-server-now]");
    for (var i = 0; i < rooms.length; i++) {
      if (seen.has(rooms[i])) { continue; }
      seen.add(rooms[i]);
      var server = Number(rooms[i].getAttribute("data-server-now"));
      if (server > 0) { skew = server - Date.now(); }
    }
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function words(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor(seconds % 3600 / 60);
    var rest = seconds % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : two(minutes) + ":" + two(rest);
  }

  function tick() {
    learn();
    var now = Date.now() + skew;
    var clocks = document.querySelectorAll("[data-clock][data-ends]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      // Whole seconds left, rounded up as the server does (tournaments.room.Room).
      var left = Math.max(0, Math.ceil((Number(clock.getAttribute("data-ends")) - now) / 1000));
      var state = left === 0 ? "over" : (left < AMBER ? "amber" : "calm");
      var text = state === "over" ? clock.getAttribute("data-over") : words(left);
      var shown = clock.querySelector("[data-clock-time]");
      if (shown && shown.textContent !== text) { shown.textContent = text; }
      if (clock.getAttribute("data-state") !== state) { clock.setAttribute("data-state", state); }
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, TICK);
  });
  document.addEventListener("htmx:afterSettle", tick);
})();
