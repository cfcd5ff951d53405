// Playing by touching the cards. A layer over the board's forms, which stay as they are for
// keyboards, screen readers and browsers without this script: every move is still made by
// one of the board's own buttons or forms, through the same endpoint.
//
// - Planting: choose a card that may be planted (the hand's front card, a face-up card, a
//   received one), then a field that takes it: by tapping or clicking the two, by dragging
//   the card onto the field, or from the keyboard (Tab to the card, Enter or Space, then the
//   same on a field; Escape lets the card go). The field's own "Plant in field n" button
//   makes the move. Where a single card may be planted, it is chosen already: one tap on a
//   field plants it.
// - Offering and accepting: a card of the hand or the face-up area ticks or unticks its box
//   in the form the taps go to, the offer builder or an offer's "give these cards" (the form
//   last changed, until it is sent; else an offer made to the player before the builder).
//   A card may also be dragged onto the seat of the player the offer is for. A tap on a bean
//   the builder lists, or on a bean in another player's field, asks for one more of it; the
//   builder's − and + step them. The offer in the making shows on the seat of each player it
//   may go to (of the one chosen, once a card was dropped on their seat or a bean of theirs
//   asked for), with the builder's buttons that send it: to that player, or, while nothing is
//   asked, for one of a bean growing in their fields (two cards for a bean: three taps).
// Every word said comes from the page, in the page's language.
(function () {
  "use strict";

  var CARDS = ".hand-area [data-card], .faceup [data-card], .me .to-plant [data-card]";
  var PICK_FORMS = "form.offer-builder, form[data-keep^='accept-'], form[data-keep='stand']";
  var chosen = null; // the id of the card chosen to plant
  // A card chosen by the page, not the player: the only one that may be planted now, so that
  // planting it takes one tap, on a field. A tap on it keeps it chosen; one the player let go
  // (`declined`) is not chosen for them again.
  var auto = false;
  var declined = null;
  var targetKey = null; // the data-keep of the form the taps go to, once the player chose one
  var recipient = null; // the seat the offer in the making is for, once the player showed it

  function board() {
    return document.getElementById("board");
  }

  function plantButtons(root, id) {
    return root.querySelectorAll('form.move button[id^="move-plant-card' + id + '-field"]');
  }

  function pickForms(root) {
    return Array.prototype.filter.call(root.querySelectorAll(PICK_FORMS), function (form) {
      // A form folded away (the standing offer's, until opened) takes no taps.
      return form.querySelector("input[type=checkbox]") !== null &&
        !form.closest("details:not([open])");
    });
  }

  function targetForm(root) {
    var forms = pickForms(root);
    return forms.find(function (form) { return form.getAttribute("data-keep") === targetKey; }) ||
      forms.find(function (form) { return form.matches("[data-keep^='accept-']"); }) ||
      forms[0] || null;
  }

  function boxOf(form, id) {
    return form && form.querySelector('input[type=checkbox][value="' + id + '"]');
  }

  function say(text) {
    var out = document.getElementById("table-say");
    if (!out) {
      out = document.createElement("p");
      out.id = "table-say";
      out.className = "visually-hidden";
      out.setAttribute("aria-live", "polite");
      document.body.appendChild(out);
    }
    out.textContent = text;
  }

  function setTappable(element, tap, pressed) {
    element.setAttribute("data-tap", tap);
    element.setAttribute("role", "button");
    element.tabIndex = 0;
    element.setAttribute("aria-pressed", pressed ? "true" : "false");
  }

  function setPlain(element, attributes) {
    attributes.forEach(function (name) { element.removeAttribute(name); });
  }

  // What each card and field may do now, after every change of the board or of a choice.
  function dress() {
    var root = board();
    if (!root) {
      return;
    }
    document.documentElement.classList.add("tap-on");
    if (chosen !== null && !plantButtons(root, chosen).length) {
      chosen = null; // planted, or no longer plantable
      auto = false;
    }
    var target = targetForm(root);
    if (chosen === null) {
      chooseTheOnly(root);
    }
    pickForms(root).forEach(function (form) {
      form.toggleAttribute("data-tap-target", form === target);
    });
    root.querySelectorAll(CARDS).forEach(function (card) {
      var id = card.getAttribute("data-card");
      var box = boxOf(target, id);
      if (plantButtons(root, id).length) {
        setTappable(card, "plant", id === chosen);
      } else if (box) {
        setTappable(card, "pick", box.checked);
      } else {
        setPlain(card, ["data-tap", "role", "tabindex", "aria-pressed"]);
      }
    });
    var takes = {};
    if (chosen !== null) {
      plantButtons(root, chosen).forEach(function (button) {
        takes[/-field(\d+)$/.exec(button.id)[1]] = button.textContent;
      });
    }
    dressAsks(root);
    // The whole field takes a tap or a drop; its label is the button a keyboard reaches
    // (the field stays an item of its list).
    root.querySelectorAll(".me .field[data-field]").forEach(function (field) {
      var index = field.getAttribute("data-field");
      var label = field.querySelector(".field-label");
      field.toggleAttribute("data-drop", index in takes);
      if (index in takes) {
        label.setAttribute("role", "button");
        label.setAttribute("aria-label", takes[index]);
        label.tabIndex = 0;
      } else {
        setPlain(label, ["role", "aria-label", "tabindex"]);
      }
    });
  }

  // The one card that may be planted now, chosen for the player (none while they have an
  // offer in the making).
  function chooseTheOnly(root) {
    var plantable = Array.prototype.filter.call(root.querySelectorAll(CARDS), function (card) {
      return plantButtons(root, card.getAttribute("data-card")).length > 0;
    });
    var composing = root.querySelector("form[data-keep][data-dirty]");
    var only = plantable.length === 1 ? plantable[0].getAttribute("data-card") : null;
    if (only !== null && only !== declined && !composing) {
      chosen = only;
      auto = true;
    }
  }

  // The beans asked for in the offer being built: each chip shows its count once it has one,
  // and a bean growing in another player's field asks for one more of it.
  function dressAsks(root) {
    var builder = root.querySelector("form.offer-builder");
    if (builder) {
      var asking = Array.prototype.some.call(builder.querySelectorAll(".ask input[type=number]"),
        function (input) { return (parseInt(input.value, 10) || 0) > 0; });
      // Something in it: its send buttons stay in sight (at the foot of a phone's screen).
      var composing = asking || builder.querySelector("input[type=checkbox]:checked") !== null;
      builder.toggleAttribute("data-composing", composing);
      // The quick buttons ask for one bean: while others are asked, the offer goes as built.
      builder.toggleAttribute("data-asking", asking);
      if (!composing) {
        recipient = null;
      }
    }
    dressSeats(root, builder);
    root.querySelectorAll(".offer-form .ask").forEach(function (ask) {
      var input = ask.querySelector("input[type=number]");
      var n = input ? parseInt(input.value, 10) || 0 : 0;
      if (n > 0) {
        ask.setAttribute("data-n", String(n));
      } else {
        ask.removeAttribute("data-n");
      }
    });
    root.querySelectorAll(".players .field .card").forEach(function (card) {
      var bean = /(?:^|\s)bean-([a-z-]+)/.exec(card.className);
      var ask = bean && builder && builder.querySelector('.ask[data-bean="' + bean[1] + '"]');
      if (ask) {
        card.setAttribute("data-ask-bean", bean[1]);
        card.setAttribute("role", "button");
        card.tabIndex = 0;
        card.setAttribute("aria-label", ask.querySelector(".step[data-step='1']").getAttribute("aria-label"));
      } else if (card.hasAttribute("data-ask-bean")) {
        setPlain(card, ["data-ask-bean", "role", "tabindex", "aria-label"]);
      }
    });
  }

  // The offer in the making on the seats it may go to: the cards given and the beans asked,
  // and the builder's buttons for that player (a tap on one is a tap on the builder's).
  function dressSeats(root, builder) {
    root.querySelectorAll(".seat-offer").forEach(function (panel) { panel.remove(); });
    if (!builder || !builder.hasAttribute("data-composing")) {
      return;
    }
    var given = builder.querySelectorAll("fieldset.give input:checked");
    var asked = builder.querySelectorAll(".ask[data-n]");
    builder.querySelectorAll(".offer-to[data-partner]").forEach(function (row) {
      var seat = row.getAttribute("data-partner");
      var section = root.querySelector("#seat-" + seat);
      if (!section || (recipient !== null && recipient !== seat)) {
        return;
      }
      var panel = document.createElement("div");
      panel.className = "seat-offer";
      panel.setAttribute("role", "group");
      panel.setAttribute("aria-label", builder.getAttribute("data-seat-offer"));
      var what = document.createElement("p");
      what.className = "seat-offer-what";
      given.forEach(function (box) {
        what.appendChild(copyOf(box.closest("label").querySelector(".card")));
      });
      if (asked.length) {
        var word = document.createElement("span");
        word.className = "muted";
        word.textContent = " " + builder.getAttribute("data-for-word") + " ";
        what.appendChild(word);
        asked.forEach(function (ask) {
          var count = document.createElement("b");
          count.textContent = ask.getAttribute("data-n") + "\u00a0×";
          what.appendChild(count);
          what.appendChild(copyOf(ask.querySelector(".card")));
        });
      }
      panel.appendChild(what);
      var buttons = copyOf(row);
      var twins = row.querySelectorAll("button");
      buttons.querySelectorAll("button").forEach(function (button, n) {
        button.type = "button";
        button.setAttribute("data-twin", twins[n].id);
      });
      panel.appendChild(buttons);
      section.appendChild(panel);
    });
  }

  function copyOf(element) {
    var copy = element.cloneNode(true);
    copy.removeAttribute("id");
    copy.removeAttribute("data-card");
    copy.querySelectorAll("[id], [data-card]").forEach(function (inner) {
      inner.removeAttribute("id");
      inner.removeAttribute("data-card");
    });
    return copy;
  }

  function askOneMore(bean, form) {
    var ask = (form || board().querySelector("form.offer-builder"))
      .querySelector('.ask[data-bean="' + bean + '"]');
    var input = ask && ask.querySelector("input[type=number]");
    if (input) {
      input.stepUp();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function choose(id) {
    if (auto && chosen === id) {
      auto = false; // the player chose it too: it stays chosen
    } else {
      if (chosen === id) {
        declined = id;
      }
      chosen = chosen === id ? null : id;
      auto = false;
    }
    dress();
    if (chosen !== null) {
      say(board().getAttribute("data-choose-field"));
    }
  }

  function plantIn(field) {
    var button = document.getElementById(
      "move-plant-card" + chosen + "-field" + field.getAttribute("data-field")
    );
    chosen = null;
    auto = false;
    if (button) {
      button.click();
    }
    dress();
  }

  function pick(card) {
    var box = boxOf(targetForm(board()), card.getAttribute("data-card"));
    if (box) {
      box.click(); // ticks it as the player would, so the form knows it was touched
      dress();
    }
  }

  function act(element) {
    if (element.hasAttribute("data-ask-bean")) {
      recipient = seatOf(element);
      askOneMore(element.getAttribute("data-ask-bean"));
    } else if (element.hasAttribute("data-drop")) {
      plantIn(element);
    } else if (element.getAttribute("data-tap") === "plant") {
      choose(element.getAttribute("data-card"));
    } else if (element.getAttribute("data-tap") === "pick") {
      pick(element);
    }
  }

  // The seat of another player an element is on, if the offer being built may go to them.
  function seatOf(element) {
    var section = element.closest(".players .player[id^='seat-']");
    var seat = section && section.id.slice("seat-".length);
    var builder = board().querySelector("form.offer-builder");
    return seat && builder && builder.querySelector('.offer-to[data-partner="' + seat + '"]')
      ? seat : null;
  }

  function actor(event) {
    var root = board();
    var element = event.target.closest &&
      event.target.closest("[data-tap], [data-drop], [data-ask-bean]");
    return element && root && root.contains(element) ? element : null;
  }

  var dragged = false; // a drag just ended: the click that follows it is not a tap

  document.addEventListener("click", function (event) {
    var copy = event.target.closest && event.target.closest(".seat-offer button[data-twin]");
    var twin = copy && document.getElementById(copy.getAttribute("data-twin"));
    if (twin) {
      event.preventDefault();
      twin.click();
      return;
    }
    var element = actor(event);
    if (dragged) {
      dragged = false;
      return;
    }
    if (element) {
      event.preventDefault();
      act(element);
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && chosen !== null) {
      var card = board().querySelector('[data-tap="plant"][data-card="' + chosen + '"]');
      declined = chosen;
      chosen = null;
      auto = false;
      dress();
      if (card) {
        card.focus();
      }
      return;
    }
    var element = actor(event);
    if (element && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      act(element);
    }
  });

  // Dragging a card onto a field: the card follows the pointer as a ghost.
  var drag = null;

  document.addEventListener("pointerdown", function (event) {
    var element = actor(event);
    var tap = element && element.getAttribute("data-tap");
    var form = tap === "pick" && targetForm(board());
    var offering = form && form.matches("form.offer-builder");
    if ((tap === "plant" || offering) && event.button === 0) {
      drag = { card: element, x: event.clientX, y: event.clientY, ghost: null, tap: tap };
    }
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag) {
      return;
    }
    var dx = event.clientX - drag.x;
    var dy = event.clientY - drag.y;
    if (!drag.ghost && Math.abs(dx) + Math.abs(dy) > 8) {
      if (drag.tap === "plant") {
        chosen = drag.card.getAttribute("data-card");
        dress();
      }
      var rect = drag.card.getBoundingClientRect();
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.removeAttribute("data-card");
      drag.ghost.classList.add("ghost");
      drag.ghost.style.left = rect.left + "px";
      drag.ghost.style.top = rect.top + "px";
      drag.ghost.style.width = rect.width + "px";
      document.body.appendChild(drag.ghost);
    }
    if (drag.ghost) {
      drag.ghost.style.transform = "translate(" + dx + "px, " + dy + "px)";
    }
  });

  document.addEventListener("pointerup", function (event) {
    if (!drag) {
      return;
    }
    var ghost = drag.ghost;
    var ended = drag;
    drag = null;
    if (!ghost) {
      return; // a tap: the click does it
    }
    ghost.remove();
    // The click a mouse sends after the drag is not a tap (a finger sends none: forget it).
    dragged = true;
    window.setTimeout(function () { dragged = false; });
    var under = document.elementFromPoint(event.clientX, event.clientY);
    if (ended.tap === "pick") {
      offerOnSeat(ended.card, under && seatOf(under));
      return;
    }
    var field = under && under.closest(".field[data-drop]");
    if (field) {
      plantIn(field);
    } else {
      declined = chosen;
      chosen = null;
      auto = false;
      dress();
    }
  });

  document.addEventListener("pointercancel", function () {
    if (drag && drag.ghost) {
      drag.ghost.remove();
    }
    drag = null;
  });

  // A card dropped on the seat of a player the offer may go to is given to them.
  function offerOnSeat(card, seat) {
    if (seat === null) {
      return;
    }
    recipient = seat;
    var box = boxOf(targetForm(board()), card.getAttribute("data-card"));
    if (box && !box.checked) {
      box.click();
    }
    dress();
  }

  // A tap on a bean wanted asks for one more of it (not the focus its label would give).
  document.addEventListener("click", function (event) {
    var label = event.target.closest && event.target.closest(".offer-form .ask label");
    if (label) {
      event.preventDefault();
      askOneMore(label.closest(".ask").getAttribute("data-bean"), label.closest("form"));
    }
  });

  // The − and + beside each bean asked for.
  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest("button.step");
    var input = step && document.getElementById(step.getAttribute("aria-controls"));
    if (!input) {
      return;
    }
    if (step.getAttribute("data-step") === "1") {
      input.stepUp();
    } else {
      input.stepDown();
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // The form the taps go to: the one the player last changed (passing through it with the
  // Tab key is not choosing it).
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest(PICK_FORMS);
    if (form) {
      targetKey = form.getAttribute("data-keep");
      dress();
    }
  });
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest(".offer-form .ask")) {
      dressAsks(board());
    }
  });

  // Opening the standing offer's part makes it the form the taps go to.
  document.addEventListener("toggle", function (event) {
    var form = event.target.querySelector && event.target.querySelector("form[data-keep='stand']");
    if (form && event.target.open) {
      targetKey = "stand";
    }
    dress();
  }, true);

  document.addEventListener("reset", function () {
    window.setTimeout(dress); // after the boxes are cleared
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "board") {
      var sent = event.detail.requestConfig && event.detail.requestConfig.elt;
      if (sent && sent.getAttribute && sent.getAttribute("data-keep") === targetKey) {
        targetKey = null; // its move was made (or refused): the taps go where they first would
      }
      dress();
    }
  });

  document.addEventListener("DOMContentLoaded", dress);
})();
