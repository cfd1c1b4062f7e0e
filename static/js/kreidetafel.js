// Small progressive enhancements; without JavaScript every form still works.
// 1. Fills the one empty card-points field from the deal's total (Hintersche: 140) as the
//    others are typed.
// 2. On the new-tournament form, shows only the chosen game's house rules.
(function () {
  "use strict";

  function fillLast(form) {
    var total = parseInt(form.dataset.total, 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll('input[name^="points."]'));
    if (!total || inputs.length < 2) { return; }
    var empty = inputs.filter(function (i) { return i.value.trim() === "" || i.dataset.filled === "1"; });
    if (empty.length !== 1) { return; }
    var sum = 0;
    for (var k = 0; k < inputs.length; k++) {
      if (inputs[k] === empty[0]) { continue; }
      var v = inputs[k].value.trim();
      if (!/^\d+$/.test(v)) { return; }
      sum += parseInt(v, 10);
    }
    if (sum <= total) {
      empty[0].value = String(total - sum);
      empty[0].dataset.filled = "1";
    }
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-total]");
    if (!form) { return; }
    if (event.target.dataset.filled === "1") { delete event.target.dataset.filled; return; }
    fillLast(form);
  });

  function showHouseRules(select) {
    var sets = document.querySelectorAll("fieldset.house-rules[data-game]");
    for (var i = 0; i < sets.length; i++) {
      sets[i].hidden = sets[i].dataset.game !== select.value;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("select[name=game]");
    if (!select) { return; }
    showHouseRules(select);
    select.addEventListener("change", function () { showHouseRules(select); });
  });
})();
