// Entry that survives a dead network. A deal that cannot be sent (no connection) is kept on the
// phone (IndexedDB) with its one-time key and deal number, listed as "waiting to be sent" with
// its typed values, and sent in order when the network returns: each is then stored, or shown
// as a conflict. The form moves on to the next deal meanwhile. A form being typed is kept as a
// draft across a reload (the Hindernislauf keypad's cards too). Nothing queued is lost by a
// reload or a closed tab; nothing is sent twice (the server knows each form's key).
(function () {
  "use strict";

  var DB = "kreidetafel";
  var STORE = "outbox";
  var sending = false;

  function box() { return document.getElementById("outbox"); }
  function page() { return window.location.pathname; }

  function open() {
    return new Promise(function (resolve, reject) {
      var request = window.indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, {keyPath: "key"});
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function store(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && result.result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }

  function waiting() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (items) {
      return (items || []).filter(function (item) { return item.page === page(); })
        .sort(function (a, b) { return a.number - b.number || a.created - b.created; });
    });
  }

  // --- drafts: what is typed survives a reload ------------------------------------------------

  function draftKey(form) {
    var deal = form.querySelector("input[name=_deal]");
    return "kreidetafel-draft:" + page() + ":" + (deal ? deal.value : "");
  }

  function saveDraft(form) {
    var fields = {};
    new FormData(form).forEach(function (value, name) {
      if (name.charAt(0) !== "_" && name !== "csrfmiddlewaretoken") { fields[name] = value; }
    });
    try { window.localStorage.setItem(draftKey(form), JSON.stringify(fields)); } catch (e) { /* full */ }
  }

  function restoreDraft(form) {
    var saved;
    try { saved = JSON.parse(window.localStorage.getItem(draftKey(form)) || "null"); } catch (e) { saved = null; }
    if (!saved) { return; }
    Object.keys(saved).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (field && field.type !== "radio" && field.type !== "checkbox" && !field.length) {
        field.value = saved[name];
      }
    });
    form.dataset.dirty = "1";
    form.dispatchEvent(new Event("input", {bubbles: true}));
  }

  function dropDrafts() {
    try {
      Object.keys(window.localStorage).forEach(function (key) {
        if (key.indexOf("kreidetafel-draft:" + page() + ":") === 0) { window.localStorage.removeItem(key); }
      });
    } catch (e) { /* no storage */ }
  }

  // --- the outbox -------------------------------------------------------------------------------

  function summary(form) {
    var lines = [];
    form.querySelectorAll("input:not([type=hidden]), select").forEach(function (field) {
      if (!field.name || field.name === "reason" || !field.value) { return; }
      if ((field.type === "radio" || field.type === "checkbox") && !field.checked) { return; }
      var label = form.querySelector("label[for='" + field.id + "']");
      lines.push((label ? label.textContent.trim() : field.name) + ": " + field.value);
    });
    var plays = form.querySelector("textarea[name='plays[]']");
    if (plays && plays.value) { lines.push(plays.value); }
    return lines.join(" · ");
  }

  function render() {
    var outbox = box();
    if (!outbox) { return Promise.resolve(); }
    return waiting().then(function (items) {
      var list = outbox.querySelector("ul");
      list.textContent = "";
      items.forEach(function (item) {
        var li = document.createElement("li");
        li.textContent = outbox.dataset.waiting.replace("%(number)s", item.number) + " " + item.summary;
        list.appendChild(li);
      });
      outbox.hidden = items.length === 0;
    });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // The form for deal ``number`` (after deals waiting on the phone), with a key of its own.
  function renumber(form, number) {
    var deal = form.querySelector("input[name=_deal]");
    var heading = form.querySelector("h2");
    if (heading) { heading.textContent = heading.textContent.replace(deal.value, String(number)); }
    deal.value = String(number);
    form.querySelector("input[name=_key]").value = newKey();
  }

  // The form after a queued deal: empty, for the next deal.
  function nextDeal(form, number) {
    renumber(form, number + 1);
    form.reset();
    form.querySelectorAll("input[type=text], textarea").forEach(function (i) { i.value = ""; });
    delete form.dataset.dirty;
    form.dispatchEvent(new Event("input", {bubbles: true}));
    delete form.dataset.dirty;
  }

  function queue(form) {
    var number = parseInt(form.querySelector("input[name=_deal]").value, 10);
    var item = {
      key: form.querySelector("input[name=_key]").value,
      page: page(),
      url: form.getAttribute("action"),
      body: new URLSearchParams(new FormData(form)).toString(),
      number: number,
      summary: summary(form),
      created: Date.now(),
    };
    return store("readwrite", function (s) { return s.put(item); }).then(function () {
      try { window.localStorage.removeItem(draftKey(form)); } catch (e) { /* no storage */ }
      nextDeal(form, number);
      return render();
    });
  }

  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  function show(html) {
    var main = document.getElementById("table-main");
    if (!main) { return; }
    main.outerHTML = html;
    var fresh = document.getElementById("table-main");
    if (fresh && window.htmx) { window.htmx.process(fresh); }
  }

  // Send what waits, in order; stop at the first that is not stored (a conflict or a refusal
  // is shown in place of the page; no network: try again later).
  function flush() {
    // While a conflict or a refusal is on the page, the player decides first; the rest waits.
    var held = document.querySelector("#conflict, #table-main .error-summary");
    if (sending || held || !navigator.onLine) { return Promise.resolve(); }
    sending = true;
    return waiting().then(function send(items) {
      if (!items.length) { return true; }
      var item = items[0];
      return fetch(item.url, {
        method: "POST",
        credentials: "same-origin",
        headers: {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "X-CSRFToken": token()},
        body: item.body,
      }).then(function (response) {
        return response.text().then(function (html) {
          var ours = html.indexOf('id="table-main"') !== -1;
          if (!ours || response.status >= 500 || response.status === 403) { return false; }
          return store("readwrite", function (s) { return s.delete(item.key); }).then(function () {
            if (response.status === 200) { return send(items.slice(1)); }
            show(html);  // 409 or 422: the player decides; the rest waits for the next try
            return false;
          });
        });
      });
    }).then(function () {
      sending = false;  // the page's poll shows the stored deals within 5 s
      render();
    }).catch(function () { sending = false; render(); });
  }

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    if (!form || !form.matches || !form.matches("form.entry") || form.querySelector("input[name=_revision]")) { return; }
    queue(form).then(function () {
      var status = document.getElementById("net-status");
      if (status) { status.textContent = box().dataset.queued; status.dataset.kind = "stale"; status.hidden = false; }
    });
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.entry");
    if (form && form.querySelector("input[name=_deal]")) { saveDraft(form); }
  });
  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("form.entry");
    if (form && event.target.type === "button") { window.setTimeout(function () { saveDraft(form); }, 0); }
  });

  document.addEventListener("htmx:afterSwap", function () {
    var form = document.querySelector("#table-main form.entry");
    if (!form || !form.querySelector("[aria-invalid=true], .error")) { dropDrafts(); }
  });

  function start() {
    var form = document.querySelector("#table-main form.entry:not([data-correcting])");
    waiting().then(function (items) {
      // A page kept from before deals were queued: its form follows the last one waiting.
      var last = items.length ? items[items.length - 1].number : 0;
      var deal = form && form.querySelector("input[name=_deal]");
      if (deal && !form.querySelector("input[name=_revision]") && parseInt(deal.value, 10) <= last) {
        renumber(form, last + 1);
      }
      if (form) { restoreDraft(form); }
    }).catch(function () { /* no IndexedDB */ }).then(render).then(flush);
    if ("serviceWorker" in navigator) {
      var outbox = box();
      navigator.serviceWorker.register(outbox.dataset.worker, {scope: outbox.dataset.scope}).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        var keep = [window.location.pathname];
        document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest]").forEach(function (el) {
          keep.push(el.getAttribute("src") || el.getAttribute("href"));
        });
        registration.active.postMessage({keep: keep});
      }).catch(function () { /* no worker: the outbox still keeps what is typed */ });
    }
  }

  // The table changed on the page (a deal saved, another phone's deal followed): the kept copy
  // follows it, so that a reload without network shows the table as it last stood here.
  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && xhr && xhr.status >= 200 && xhr.status < 300) {
      worker.postMessage({keep: [window.location.pathname]});
    }
  });

  window.addEventListener("online", flush);
  window.setInterval(flush, 10000);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
