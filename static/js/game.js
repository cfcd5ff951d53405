// The game page's few needs that htmx cannot meet under the CSP (which forbids eval, so no
// hx-trigger filters), beside live.js (which follows the table's stream): keep what a player
// is composing (an offer, the cards to give for one) across the board's updates (morphed in
// place), and the parts they opened; put the keyboard focus back on the board after a move;
// count deadlines down; say in the tab's title, and in a notification if the player asked for one, when it is their move;
// clear the chat box after sending; check the revealed seed in the browser. Every word shown
// comes from the page, in the page's language.
(function () {
  "use strict";

  var baseTitle = document.title;

  function board() {
    return document.getElementById("board");
  }

  // Live updates come from live.js. The board is asked for from its address as it is now (htmx
  // keeps the one it first read), and no older than the move the stream said (data-said): a
  // board kept from before will not do.
  document.addEventListener("htmx:configRequest", function (event) {
    var root = board();
    if (event.detail.elt === root && event.detail.verb === "get" && root.hasAttribute("hx-get")) {
      var said = root.getAttribute("data-said");
      event.detail.path = root.getAttribute("hx-get") + (said ? "&at=" + said : "");
    }
  });

  // What a player composes: the forms marked data-keep that they have touched.

  function markDirty(event) {
    var form = event.target.closest && event.target.closest("#board form[data-keep]");
    if (form) {
      form.setAttribute("data-dirty", "");
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
      var note = form.querySelector(".lost-note");
      if (note) {
        note.hidden = true;
      }
    }
  });

  function choicesOf(form) {
    var ticked = [];
    var values = {};
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
      if (box.checked) {
        ticked.push({ name: box.name, value: box.value, label: box.getAttribute("data-label") });
      }
    });
    form.querySelectorAll("input[type=number], select").forEach(function (field) {
      values[field.name] = field.value;
    });
    return { ticked: ticked, values: values };
  }

  function restoreChoices(form, choices) {
    var lost = [];
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
      box.checked = false;
    });
    choices.ticked.forEach(function (choice) {
      var box = Array.prototype.find.call(
        form.querySelectorAll("input[type=checkbox]"),
        function (candidate) {
          return candidate.name === choice.name && candidate.value === choice.value;
        }
      );
      if (box) {
        box.checked = true;
      } else {
        lost.push(choice.label);
      }
    });
    Object.keys(choices.values).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (field && field.tagName !== undefined) {
        field.value = choices.values[name];
      }
    });
    form.setAttribute("data-dirty", "");
    var note = form.querySelector(".lost-note");
    if (note && lost.length) {
      note.textContent = note.getAttribute("data-lost-text").replace("%s", lost.join(", "));
      note.hidden = false;
    }
  }

  // The board is morphed in place (idiomorph): nodes are kept, so focus, scroll and open parts
  // stay. What the page's scripts set on it survives a morph (the server's board never has
  // it), and the boxes of a form the player is composing keep what they ticked and typed.
  var OWNED = [
    "tabindex", "role", "aria-pressed", "data-tap", "data-drop", "data-tap-target", "data-dirty",
    "data-said",
  ];
  if (window.Idiomorph) {
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, node, how) {
      return !(how === "remove" && OWNED.indexOf(name) >= 0);
    };
    Idiomorph.defaults.callbacks.beforeNodeMorphed = function (old) {
      return !(
        old.matches && old.matches("input[type=checkbox], input[type=number], select") &&
        old.closest("form[data-dirty]")
      );
    };
  }

  var kept = null;
  var opened = [];

  // Before a new board replaces the old one: what the player was composing, except the form
  // whose own post brought the new board (its move was made).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var old = event.detail.target;
    if (!old || old.id !== "board") {
      return;
    }
    var sent = event.detail.requestConfig && event.detail.requestConfig.elt;
    var made = event.detail.xhr && event.detail.xhr.status < 300;
    kept = {};
    opened = Array.prototype.map.call(old.querySelectorAll("details[id][open]"), function (part) {
      return part.id;
    });
    old.querySelectorAll("form[data-keep][data-dirty]").forEach(function (form) {
      if (made && form === sent) {
        form.removeAttribute("data-dirty"); // its move was made: its boxes start afresh
      } else {
        kept[form.getAttribute("data-keep")] = choicesOf(form);
      }
    });
  });

  function afterBoard(fresh, posted) {
    if (kept) {
      Object.keys(kept).forEach(function (key) {
        var form = fresh.querySelector('form[data-keep="' + key + '"]');
        if (form) {
          restoreChoices(form, kept[key]);
        }
      });
      kept = null;
    }
    opened.forEach(function (id) {
      var part = document.getElementById(id);
      if (part && part.tagName === "DETAILS") {
        part.open = true;
      }
    });
    opened = [];
    if (posted && (!document.activeElement || document.activeElement === document.body)) {
      // The button pressed is often gone (the card was planted): go on from the status line.
      var status = document.getElementById("status");
      if (status) {
        status.focus({ preventScroll: true });
      }
    }
    showWhoseMove(fresh);
    countDown();
    var said = document.querySelector(".messages");
    if (said) {
      said.remove(); // said once ("The game has begun."); from here on the board says it all
    }
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var fresh = board();
    if (fresh && event.detail.target && event.detail.target.id === "board") {
      afterBoard(fresh, event.detail.requestConfig && event.detail.requestConfig.verb === "post");
    }
  });

  // Whose move: the tab's title, and a notification when the tab is hidden.

  var lastNotified = null;

  function showWhoseMove(fresh) {
    var asked = document.querySelector(".notify");
    if (asked && !fresh.hasAttribute("hx-get")) {
      asked.remove(); // the game is over: there is no move to be told of
      asked = null;
    }
    var mine = fresh.querySelector(".status-mine") !== null;
    document.title = mine ? fresh.getAttribute("data-mine-title") + " · " + baseTitle : baseTitle;
    var seq = fresh.getAttribute("data-seq");
    if (
      mine && document.hidden && lastNotified !== seq && asked &&
      window.Notification && Notification.permission === "granted"
    ) {
      lastNotified = seq;
      new Notification(asked.getAttribute("data-notify-title"), {
        body: fresh.querySelector("#status").textContent,
        tag: "bohnanza-" + window.location.pathname,
      });
    }
  }

  function offerNotifications() {
    var asked = document.querySelector(".notify");
    if (!asked || !window.Notification) {
      return;
    }
    var button = asked.querySelector("button");
    // Denied, now or before: said, with the way back, rather than the button vanishing.
    var said = { granted: "data-notify-on", denied: "data-notify-off" };
    if (said[Notification.permission]) {
      asked.textContent = asked.getAttribute(said[Notification.permission]);
    }
    asked.hidden = false;
    button && button.addEventListener("click", function () {
      Notification.requestPermission().then(function (answer) {
        if (said[answer]) {
          asked.textContent = asked.getAttribute(said[answer]);
        }
      });
    });
  }

  // Times are written by the server, in the reader's zone and the site's format for their
  // language (one format on every page and in every mail); here deadlines are counted down.
  var language = document.documentElement.lang || undefined;

  // Under ten minutes, minutes and seconds (a fast game's clocks); else the nearest unit, in
  // the reader's language ("3 hours", "3 Stunden").
  function left(seconds) {
    if (seconds < 600) {
      var whole = Math.floor(seconds);
      return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
    }
    var units = [["day", 86400], ["hour", 3600], ["minute", 60]];
    for (var i = 0; i < units.length; i++) {
      if (seconds >= units[i][1]) {
        var count = Math.round(seconds / units[i][1]);
        return new Intl.NumberFormat(language, {
          style: "unit", unit: units[i][0], unitDisplay: "long",
        }).format(count);
      }
    }
    return "0:00";
  }

  var ticking = null;

  function countDown() {
    var soonest = Infinity;
    document.querySelectorAll("time[data-countdown]").forEach(function (time) {
      var out = time.parentNode.querySelector("[data-left]");
      var seconds = (Date.parse(time.getAttribute("datetime")) - Date.now()) / 1000;
      if (!out || isNaN(seconds)) {
        return;
      }
      soonest = Math.min(soonest, seconds);
      out.textContent = seconds > 0
        ? out.getAttribute("data-left-text").replace("%s", left(seconds))
        : out.getAttribute("data-up-text");
    });
    window.clearTimeout(ticking);
    ticking = window.setTimeout(countDown, soonest < 600 ? 1000 : 15000);
  }

  // The chat box, emptied once its message is sent.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form.matches && form.matches("form[data-reset-on-success]") && event.detail.successful) {
      form.reset();
    }
  });

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
      var said = form.getAttribute(hex === expected ? "data-match-text" : "data-mismatch-text");
      out.textContent = said.replace("%s", hex.slice(0, 12));
      out.className = hex === expected ? "ok" : "bad";
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var fresh = board();
    offerNotifications();
    if (fresh) {
      showWhoseMove(fresh);
    }
    countDown();
  });
})();
