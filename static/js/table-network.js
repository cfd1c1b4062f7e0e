// The table page never fails silently. While a form is being sent its button says so and cannot
// be pressed again; every failure (no network, no answer in time, a server error, a renewed
// link, an answer that is not Kreidetafel's, e.g. a Wi-Fi login page) shows a banner at the top
// saying what happened and what to do, and the typed values stay. A lost CSRF token is renewed
// and the form sent once more by itself. The words come from the page (#net-status data-*), in
// the player's language.
(function () {
  "use strict";

  function status() {
    return document.getElementById("net-status");
  }

  function isPoll(elt) {
    return Boolean(elt && elt.classList && elt.classList.contains("poll"));
  }

  function say(kind) {
    var box = status();
    if (!box) { return; }
    box.textContent = box.dataset[kind] || box.dataset.failed;
    box.dataset.kind = kind;
    box.hidden = false;
    if (kind !== "stale") { box.scrollIntoView({block: "nearest"}); }
  }

  function clear() {
    var box = status();
    if (box && !box.hidden) {
      box.hidden = true;
      box.textContent = "";
    }
  }

  function buttons(form) {
    return form && form.querySelectorAll ? form.querySelectorAll("button[type=submit], button:not([type])") : [];
  }

  function sending(form, on) {
    var box = status();
    var label = box ? box.dataset.saving : "…";
    Array.prototype.forEach.call(buttons(form), function (button) {
      if (on) {
        if (!button.dataset.label) { button.dataset.label = button.textContent; }
        button.textContent = label;
        button.disabled = true;
      } else if (button.dataset.label) {
        button.textContent = button.dataset.label;
        delete button.dataset.label;
        button.disabled = false;
      }
    });
    if (form && form.setAttribute) {
      if (on) { form.setAttribute("aria-busy", "true"); } else { form.removeAttribute("aria-busy"); }
    }
  }

  // A new CSRF token from the page itself (the cookie is renewed with it), then the form once
  // more. A second refusal is told as such.
  function renewAndResend(form) {
    if (form.dataset.resent) { say("expired"); return; }
    form.dataset.resent = "1";
    fetch(window.location.href, {credentials: "same-origin", headers: {"HX-Request": "false"}})
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var headers = page.body && page.body.getAttribute("hx-headers");
        var fresh = page.querySelector("input[name=csrfmiddlewaretoken]");
        if (!headers || !fresh) { say("expired"); return; }
        document.body.setAttribute("hx-headers", headers);
        document.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach(function (input) {
          input.value = fresh.value;
        });
        window.htmx.trigger(form, "submit");
      })
      .catch(function () { say("offline"); });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (isPoll(elt)) { return; }
    sending(elt, true);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (!isPoll(elt)) { sending(elt, false); }
    var xhr = event.detail.xhr;
    if (!xhr || !ours(xhr)) { return; }
    if (isPoll(elt) && status() && status().dataset.kind !== "stale") { return; }
    clear();
    if (elt && elt.dataset) { delete elt.dataset.resent; }
  });

  // A good answer of ours: nothing to show (204 of the poll, or a table page, also a refusal
  // beside its field or a conflict).
  function ours(xhr) {
    if (xhr.status === 204) { return true; }
    return xhr.status < 500 && xhr.status !== 404 && xhr.status !== 403 &&
      String(xhr.responseText).indexOf('id="table-main"') !== -1;
  }

  // An answer that is not a table page of ours (a captive portal's 200) is never swapped in.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!event.detail.shouldSwap || !xhr || xhr.status === 204) { return; }
    if (!ours(xhr)) {
      event.detail.shouldSwap = false;
      say(isPoll(event.detail.requestConfig && event.detail.requestConfig.elt) ? "stale" : "foreign");
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var code = event.detail.xhr.status;
    var elt = event.detail.elt;
    if (code === 404) { say("renewed"); return; }
    if (isPoll(elt)) { say("stale"); return; }
    if (code === 403) { renewAndResend(elt); return; }
    say(code >= 500 ? "server" : "failed");
  });

  document.addEventListener("htmx:sendError", function (event) {
    say(isPoll(event.detail.elt) ? "stale" : "offline");
  });

  document.addEventListener("htmx:timeout", function (event) {
    say(isPoll(event.detail.elt) ? "stale" : "timeout");
  });

  window.addEventListener("offline", function () { say("stale"); });
})();
