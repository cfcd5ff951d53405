// Cards that move are seen to move when the board is updated: a card keeps its identity (its
// data-card id) from one board to the next, so one that changed place slides from where it was
// (FLIP: first, last, invert, play); a card that left for a field flies into it; a harvested
// field's beans fly to its owner's coins; a card newly in sight (revealed, received) turns up.
// Nothing moves for a reader who asked for reduced motion. Only the Web Animations API is used,
// which the CSP allows (no style attributes are written).
(function () {
  "use strict";

  var DURATION = 380;
  var still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var before = null;

  // The cards worth following: full and small cards, not the mini ones of offers and forms.
  function cardsOf(root) {
    var cards = {};
    root.querySelectorAll("[data-card]:not(.card-mini)").forEach(function (card) {
      var id = card.getAttribute("data-card");
      if (!(id in cards)) {
        cards[id] = card;
      }
    });
    return cards;
  }

  function beanOf(card) {
    var found = /(?:^| )bean-([\w-]+)/.exec(card.className);
    return found ? found[1] : null;
  }

  function snapshot(root) {
    var cards = {};
    var all = cardsOf(root);
    Object.keys(all).forEach(function (id) {
      cards[id] = { rect: all[id].getBoundingClientRect(), copy: all[id].cloneNode(true) };
    });
    var fields = {};
    root.querySelectorAll(".field[id]").forEach(function (field) {
      var card = field.querySelector(".card");
      fields[field.id] = {
        count: Number(field.getAttribute("data-count")),
        rect: card ? card.getBoundingClientRect() : field.getBoundingClientRect(),
        copy: card ? card.cloneNode(true) : null,
      };
    });
    return { cards: cards, fields: fields };
  }

  // A copy of a card drawn over the page where the card was, animated to `to` and dropped.
  function fly(copy, from, to, fade) {
    var ghost = copy.cloneNode(true);
    ghost.removeAttribute("data-card");
    ghost.classList.add("ghost");
    ghost.style.left = from.left + "px";
    ghost.style.top = from.top + "px";
    ghost.style.width = from.width + "px";
    document.body.appendChild(ghost);
    var dx = to.left + to.width / 2 - (from.left + from.width / 2);
    var dy = to.top + to.height / 2 - (from.top + from.height / 2);
    ghost.animate(
      [
        { transform: "none", opacity: 0.95 },
        { transform: "translate(" + dx + "px, " + dy + "px) scale(" + (fade ? 0.4 : 0.9) + ")",
          opacity: fade ? 0 : 0.6 },
      ],
      { duration: DURATION, easing: "ease-in-out" }
    ).finished.then(function () { ghost.remove(); }, function () { ghost.remove(); });
  }

  function play(root, old) {
    var now = cardsOf(root);
    var grown = [];
    root.querySelectorAll(".field[id]").forEach(function (field) {
      var was = old.fields[field.id];
      var count = Number(field.getAttribute("data-count"));
      var card = field.querySelector(".card");
      if (!was) {
        return;
      }
      if (count > was.count && card) {
        grown.push({ bean: beanOf(card), rect: card.getBoundingClientRect() });
      } else if (count < was.count && was.copy) {
        // Harvested: the beans go to the coins of the field's owner.
        var coins = field.closest(".player").querySelector(".coins");
        fly(was.copy, was.rect, (coins || field).getBoundingClientRect(), true);
      }
    });
    Object.keys(now).forEach(function (id) {
      var card = now[id];
      var last = card.getBoundingClientRect();
      var first = old.cards[id] && old.cards[id].rect;
      if (!first) {
        card.animate(
          [{ transform: "rotateY(90deg) scale(0.9)", opacity: 0.2 }, { transform: "none", opacity: 1 }],
          { duration: DURATION, easing: "ease-out" }
        );
      } else if (Math.abs(first.left - last.left) + Math.abs(first.top - last.top) > 2) {
        card.animate(
          [
            { transform: "translate(" + (first.left - last.left) + "px, " +
              (first.top - last.top) + "px)" },
            { transform: "none" },
          ],
          { duration: DURATION, easing: "ease-in-out" }
        );
      }
    });
    Object.keys(old.cards).forEach(function (id) {
      if (id in now) {
        return;
      }
      var gone = old.cards[id];
      var bean = beanOf(gone.copy);
      var into = grown.find(function (field) { return field.bean === bean; });
      if (into) {
        fly(gone.copy, gone.rect, into.rect, false); // planted
      }
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var old = event.detail.target;
    var moving = event.detail.shouldSwap && !(still && still.matches);
    before = moving && old && old.id === "board" ? snapshot(old) : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var root = event.detail.target;
    if (before && root && root.id === "board") {
      play(document.getElementById("board"), before);
    }
    before = null;
  });
})();
