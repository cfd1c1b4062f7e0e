// Small progressive enhancements; without JavaScript every form still works.
// 1. Fills the one empty card-points field from the deal's total (Hintersche: 140) as the
//    others are typed. The filled-in value looks different (class auto-filled) and is described
//    by the form's note; typing into it replaces it, and a field the player typed in himself is
//    never filled over.
// 2. On the new-tournament form, shows only the chosen game's house rules.
// 3. A ± button beside a field that takes negative numbers turns the sign (a phone's number pad
//    often has no minus key).
(function () {
  "use strict";

  var FILLED = "auto-filled";

  function isFilled(input) {
    return input.classList.contains(FILLED);
  }

  // Marks a field as filled in (or as the player's own again) and shows the form's note while
  // any field is filled in; the filled field names the note in aria-describedby.
  function mark(input, filled) {
    input.classList.toggle(FILLED, filled);
    var note = input.form && input.form.querySelector("[data-fill-note]");
    if (!note) { return; }
    var ids = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
      return id && id !== note.id;
    });
    if (filled) { ids.push(note.id); }
    if (ids.length) {
      input.setAttribute("aria-describedby", ids.join(" "));
    } else {
      input.removeAttribute("aria-describedby");
    }
    note.hidden = !input.form.querySelector("input." + FILLED);
  }

  // The card points left for `target` when every other field holds a whole number, else "".
  function rest(total, inputs, target) {
    var sum = 0;
    for (var k = 0; k < inputs.length; k++) {
      if (inputs[k] === target) { continue; }
      var v = inputs[k].value.trim();
      if (!/^\d+$/.test(v)) { return ""; }
      sum += parseInt(v, 10);
    }
    return sum <= total ? String(total - sum) : "";
  }

  function fillLast(form, typed) {
    var total = parseInt(form.dataset.total, 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll('input[name^="points."]'));
    if (!total || inputs.length < 2) { return; }
    var open = inputs.filter(function (i) { return i.value.trim() === "" || isFilled(i); });
    // Never the field being typed in: emptying it to type anew must not fill it again.
    var target = open.length === 1 && open[0] !== typed ? open[0] : null;
    var value = target ? rest(total, inputs, target) : "";
    open.forEach(function (input) {
      if (input === target && value) {
        input.value = value;
        mark(input, true);
      } else if (isFilled(input)) {
        input.value = "";  // worked out from values that have changed since
        mark(input, false);
      }
    });
  }

  // Typing into a filled-in field replaces its value instead of adding to it ("40" then "4"
  // is 4, not 404).
  document.addEventListener("beforeinput", function (event) {
    var input = event.target;
    if (input.classList && isFilled(input) && /^insert/.test(event.inputType)) {
      input.value = "";
    }
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-total]");
    if (!form) { return; }
    if (isFilled(event.target)) { mark(event.target, false); }  // the player's own value now
    fillLast(form, event.target);
  });

  function showHouseRules(select) {
    var sets = document.querySelectorAll("fieldset.house-rules[data-game]");
    for (var i = 0; i < sets.length; i++) {
      sets[i].hidden = sets[i].dataset.game !== select.value;
    }
    // A setting only some games have (partners drawn anew: the partnership games) shows only
    // for them, and is unticked when hidden, so that it never goes along unseen.
    var only = document.querySelectorAll("[data-games]");
    for (var j = 0; j < only.length; j++) {
      var hide = only[j].dataset.games.split(" ").indexOf(select.value) < 0;
      only[j].hidden = hide;
      if (hide) {
        var boxes = only[j].querySelectorAll("input[type=checkbox]");
        for (var k = 0; k < boxes.length; k++) { boxes[k].checked = false; }
      }
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("select[name=game]");
    if (!select) { return; }
    showHouseRules(select);
    select.addEventListener("change", function () { showHouseRules(select); });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-sign-for]");
    if (!button) { return; }
    var input = document.getElementById(button.dataset.signFor);
    if (!input) { return; }
    var value = input.value.trim();
    input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.focus();
  });
})();
