// Hindernislauf: a tap-a-card keypad for the table's entry form (progressive enhancement; the
// plain text fields work without it). Tapping a card appends it to the face-up cards (first, when
// two lie face up) or to plays[]; the running total, each player's points so far and the cards
// still in play are shown as the cards are entered; "Undo" takes the last card back.
// Rules as in scoring/hindernislauf.py (Scoring specification §5.2, §5.5).
(function () {
  "use strict";
  if (window.kreideHindernislauf) {  // htmx may run this script again after a swap
    window.kreideHindernislauf.initAll(document);
    return;
  }

  var SUITS = ["♣", "♠", "♥", "♦"];
  var RED = { "♥": true, "♦": true };
  var RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];
  var ALIASES = { "♣": "♣", "♠": "♠", "♥": "♥", "♦": "♦", "♧": "♣", "♤": "♠", "♡": "♥", "♢": "♦",
                  "c": "♣", "s": "♠", "h": "♥", "d": "♦" };
  var SIGNS = { "+": "+", "-": "-", "−": "-", "–": "-" };
  var OBSTACLES = [55, 66, 77, 88, 99, 111];
  var VALUES = { K: 4, Q: 3, J: 2, "10": 10, "9": 9, "8": 8, "7": 7 };

  function parse(text) {
    var body = String(text).trim().replace(/\ufe0f/g, "");
    var sign = null;
    var last = body.charAt(body.length - 1);
    if (SIGNS[last]) { sign = SIGNS[last]; body = body.slice(0, -1).trim(); }
    if (body.length < 2) { return null; }
    var tries = [[body.charAt(0), body.slice(1)], [body.charAt(body.length - 1), body.slice(0, -1)]];
    for (var i = 0; i < tries.length; i++) {
      var suit = ALIASES[tries[i][0].toLowerCase()];
      var rank = tries[i][1].trim().toUpperCase();
      if (suit && RANKS.indexOf(rank) >= 0) {
        return { suit: suit, rank: rank, sign: sign, code: suit + rank };
      }
    }
    return null;
  }

  function tokens(field) {
    return field ? field.value.split(/[\s,]+/).filter(function (t) { return t !== ""; }) : [];
  }

  function value(card, faceUp, cfg) {
    if (card.rank === "A") { return cfg.ace; }
    if (card.rank === "Q") {
      if (faceUp && cfg.faceupQueen === "plus3") { return 3; }
      return card.sign === "-" ? -3 : 3;
    }
    return VALUES[card.rank];
  }

  function config(form) {
    return {
      seats: form.dataset.hlSeats.split(" "),
      ace: parseInt(form.dataset.hlAce, 10),
      bonus: parseInt(form.dataset.hlBonus, 10) || 0,
      on120: form.dataset.hlOn120,
      faceupQueen: form.dataset.hlFaceupQueen,
      faceupCount: parseInt(form.dataset.hlFaceupCount, 10) || 0
    };
  }

  function order(cfg, dealer) {
    var start = cfg.seats.indexOf(dealer) + 1;
    var seats = [];
    for (var i = 0; i < cfg.seats.length; i++) { seats.push(cfg.seats[(start + i) % cfg.seats.length]); }
    return seats;
  }

  function setText(node, text) { if (node) { node.textContent = text; } }

  function update(form) {
    var cfg = config(form);
    var faceField = form.querySelector("[data-hl-faceup]");
    var playsField = form.querySelector("[data-hl-plays]");
    var dealer = form.querySelector("[data-hl-dealer]");
    var turn = order(cfg, dealer ? dealer.value : cfg.seats[cfg.seats.length - 1]);
    var used = {};
    var total = 0;
    var bad = [];
    tokens(faceField).forEach(function (t) {
      var card = parse(t);
      if (!card) { bad.push(t); return; }
      used[card.code] = true;
      total += value(card, true, cfg);
    });
    var pts = {}, hits = {}, skips = {};
    cfg.seats.forEach(function (s) { pts[s] = 0; hits[s] = 0; skips[s] = 0; });
    var played = tokens(playsField);
    var note = "";
    var ended = false;
    played.forEach(function (t, i) {
      var card = parse(t);
      if (!card) { bad.push(t); return; }
      used[card.code] = true;
      if (ended) { return; }
      var seat = turn[i % turn.length];
      var before = total;
      var after = total + value(card, false, cfg);
      note = seat + ": " + card.code + (card.sign || "") + " " + before + " → " + after;
      if (OBSTACLES.indexOf(after) >= 0) {
        pts[seat] += 1; hits[seat] += 1; note += " (+1)";
      } else if (OBSTACLES.some(function (o) { return Math.min(before, after) < o && o < Math.max(before, after); })) {
        pts[seat] -= 1; skips[seat] += 1; note += " (−1)";
      }
      if (after >= 120) {
        pts[seat] += cfg.bonus;
        if (cfg.on120 === "end_deal") { ended = true; note += " · 120: end"; }
        else { note += " · 120: 0"; }
        total = 0;
      } else {
        total = after;
      }
    });
    var left = 32 - Object.keys(used).length;
    var live = form.querySelector("[data-hl-live]");
    var words = live ? live.dataset : {};
    var next = ended ? "" : " · " + turn[played.length % turn.length] + " " + (words.nextLabel || "to play");
    setText(live, (words.totalLabel || "Total") + " " + total + next + " · " + left + " " +
            (words.leftLabel || "cards left") + (note ? " · " + note : "") +
            (bad.length ? " · " + (words.unknownLabel || "not a card:") + " " + bad.join(" ") : ""));
    if (live) { live.hidden = false; }
    cfg.seats.forEach(function (s) {
      setText(form.querySelector('[data-hl-points="' + s + '"]'), String(pts[s]));
      setText(form.querySelector('[data-hl-hits="' + s + '"]'), String(hits[s]));
      setText(form.querySelector('[data-hl-skips="' + s + '"]'), String(skips[s]));
    });
    var table = form.querySelector("[data-hl-table]");
    if (table) { table.hidden = played.length === 0; }
    var buttons = form.querySelectorAll("[data-hl-card]");
    for (var b = 0; b < buttons.length; b++) {
      var code = buttons[b].dataset.hlCard.replace(/[+-]$/, "");
      buttons[b].disabled = !!used[code];
      buttons[b].style.opacity = used[code] ? "0.3" : "1";
    }
  }

  function target(form) {
    var cfg = config(form);
    var faceField = form.querySelector("[data-hl-faceup]");
    if (faceField && cfg.faceupCount && tokens(faceField).length < cfg.faceupCount &&
        tokens(form.querySelector("[data-hl-plays]")).length === 0) {
      return faceField;
    }
    return form.querySelector("[data-hl-plays]");
  }

  function append(form, card) {
    var field = target(form);
    var text = card;
    if (field.hasAttribute("data-hl-faceup") && /Q[+-]$/.test(card)) {
      text = card.slice(0, -1);  // a face-up Queen counts +3 (unless the dealer chooses)
      if (config(form).faceupQueen !== "plus3" && card.slice(-1) === "-") { text = card; }
    }
    var list = tokens(field);
    list.push(text);
    field.value = list.join(" ");
    update(form);
  }

  function undo(form) {
    var plays = form.querySelector("[data-hl-plays]");
    var face = form.querySelector("[data-hl-faceup]");
    var field = tokens(plays).length ? plays : face;
    if (!field) { return; }
    var list = tokens(field);
    list.pop();
    field.value = list.join(" ");
    update(form);
  }

  function styleButton(button, red) {
    // .entry buttons are full width; the keypad's are small keys (set through the CSSOM,
    // which the content security policy allows).
    button.style.width = "auto";
    button.style.minWidth = "3.2rem";
    button.style.margin = "2px";
    button.style.padding = "0.45rem 0.4rem";
    button.style.fontSize = "1.05rem";
    button.style.background = "#fff";
    button.style.border = "1px solid #999";
    button.style.color = red ? "#b00020" : "#1d1d1d";
  }

  function buildKeypad(form, pad) {
    SUITS.forEach(function (suit) {
      var row = document.createElement("div");
      RANKS.forEach(function (rank) {
        var labels = rank === "Q" ? ["Q+", "Q-"] : [rank];
        labels.forEach(function (label) {
          var button = document.createElement("button");
          button.type = "button";
          button.dataset.hlCard = suit + label;
          button.textContent = suit + label.replace("-", "−");
          styleButton(button, RED[suit]);
          button.addEventListener("click", function () { append(form, suit + label); });
          row.appendChild(button);
        });
      });
      pad.appendChild(row);
    });
    var back = document.createElement("button");
    back.type = "button";
    back.textContent = "⌫ " + (pad.dataset.undoLabel || "Undo");
    back.dataset.hlUndo = "1";
    styleButton(back, false);
    back.addEventListener("click", function () { undo(form); });
    pad.appendChild(back);
    pad.hidden = false;
  }

  function init(form) {
    if (form.dataset.hlReady) { return; }
    form.dataset.hlReady = "1";
    var pad = form.querySelector("[data-hl-keypad]");
    if (pad) { buildKeypad(form, pad); }
    form.addEventListener("input", function () { update(form); });
    form.addEventListener("change", function () { update(form); });
    update(form);
  }

  function initAll(root) {
    var forms = (root || document).querySelectorAll("form[data-hl-form]");
    for (var i = 0; i < forms.length; i++) { init(forms[i]); }
  }

  window.kreideHindernislauf = { initAll: initAll, parse: parse };
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { initAll(document); });
  } else {
    initAll(document);
  }
})();
