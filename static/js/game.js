// The game page's few needs that htmx cannot meet under the CSP (which forbids eval, so no
// hx-trigger filters): poll only while the tab is visible and nobody is composing an offer,
// clear the chat box after sending, count deadlines down, and check the revealed seed in the
// browser.
(function () {
  "use strict";

  function board() {
    return document.getElementById("board");
  }

  function composing() {
    return document.querySelector("#board form[data-dirty]") !== null;
  }

  function showPaused() {
    var el = board();
    if (el) {
      el.classList.toggle("paused", composing());
    }
  }

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (!elt || elt.id !== "board" || event.detail.verb !== "get") {
      return;
    }
    var busy = elt.querySelector(".htmx-request") !== null;
    if (document.visibilityState !== "visible" || composing() || busy) {
      event.preventDefault();
    }
  });

  function markDirty(event) {
    var form = event.target.closest && event.target.closest("#board form[data-keep]");
    if (form) {
      form.setAttribute("data-dirty", "");
      showPaused();
    }
  }
  document.addEventListener("change", markDirty);
  document.addEventListener("input", markDirty);

  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (form.matches && form.matches("form[data-keep]")) {
      form.removeAttribute("data-dirty");
      // A prefilled counter-offer resets to its prefill; clear it for real.
      form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
        box.defaultChecked = false;
      });
      form.querySelectorAll("input[type=number]").forEach(function (box) {
        box.defaultValue = "0";
      });
      window.setTimeout(showPaused, 0);
    }
  });

  document.addEventListener("htmx:load", showPaused);

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form.matches && form.matches("form[data-reset-on-success]") && event.detail.successful) {
      form.reset();
    }
  });

  // The same wording as the server's timecontrol.humanize, kept fresh between board swaps.
  function humanize(seconds) {
    var units = [["day", 86400], ["hour", 3600], ["minute", 60]];
    for (var i = 0; i < units.length; i++) {
      if (seconds >= units[i][1]) {
        var count = Math.round(seconds / units[i][1]);
        return "about " + count + " " + units[i][0] + (count !== 1 ? "s" : "");
      }
    }
    return "under a minute";
  }

  function countDown() {
    document.querySelectorAll("time[data-countdown]").forEach(function (time) {
      var left = time.parentNode.querySelector("[data-left]");
      var seconds = (Date.parse(time.getAttribute("datetime")) - Date.now()) / 1000;
      if (left && !isNaN(seconds)) {
        left.textContent = seconds > 0 ? humanize(seconds) + " left" : "time is up";
      }
    });
  }
  window.setInterval(countDown, 15000);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-verify-seed]")) {
      return;
    }
    if (!window.crypto || !window.crypto.subtle || !window.TextEncoder) {
      return; // no Web Crypto here (a plain-HTTP host): the server checks instead
    }
    event.preventDefault();
    var seed = document.getElementById("seed").textContent.trim();
    var expected = document.getElementById("seed-hash").textContent.trim();
    var out = document.getElementById("seed-check");
    window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)).then(function (buf) {
      var hex = Array.from(new Uint8Array(buf)).map(function (b) {
        return b.toString(16).padStart(2, "0");
      }).join("");
      out.textContent = hex === expected
        ? "Your browser computed " + hex.slice(0, 12) + "…: matches."
        : "Your browser computed " + hex.slice(0, 12) + "…: does NOT match.";
      out.className = hex === expected ? "ok" : "bad";
    });
  });
})();
