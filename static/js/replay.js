// The replay's keys, its play button, and its steps by turn (a turn back or on, and playing
// a turn a step, from the turn list's starts). Every step is asked for through the slider, whose
// htmx attributes fetch that step's partial; the server puts the step in the address, so the
// browser's back button walks back through the steps shown. While playing, each step replaces
// the address instead, so that a played game is not hundreds of steps to walk back through.
// Without this script the links, the slider's Go button and the turn list still work.
(function () {
  "use strict";

  var PLAY_EVERY_MS = 700;
  var playing = false;
  var timer = null;

  function slider() {
    return document.getElementById("replay-seq");
  }

  function shownSeq() {
    var step = document.getElementById("replay-step");
    return step ? parseInt(step.getAttribute("data-seq"), 10) : 0;
  }

  // The step last asked for, which a quick run of keys counts on from before it is shown.
  function asked() {
    return parseInt(slider().value, 10);
  }

  function last() {
    return parseInt(slider().max, 10);
  }

  function go(seq) {
    var input = slider();
    var target = Math.max(0, Math.min(last(), seq));
    if (String(target) === input.value && target === shownSeq()) {
      return;
    }
    input.value = String(target);
    htmx.trigger(input, "input");
  }

  function showPlaying(on) {
    var button = document.getElementById("replay-play");
    playing = on;
    button.textContent = button.getAttribute(on ? "data-pause" : "data-play");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (!on && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  }

  // The moves the turns start at, as the turn list gives them.
  function turnStarts() {
    var turns = document.getElementById("replay-turn");
    return Array.prototype.map.call(turns.options, function (option) {
      return parseInt(option.value, 10);
    });
  }

  function nextTurn(seq) {
    var later = turnStarts().filter(function (start) { return start > seq; });
    return later.length ? later[0] : last();
  }

  function previousTurn(seq) {
    var earlier = turnStarts().filter(function (start) { return start < seq; });
    return earlier.length ? earlier[earlier.length - 1] : 0;
  }

  // The step after `seq` when playing: the next move, or the next turn's start.
  function stepAfter(seq) {
    var byTurn = document.getElementById("replay-by-turn");
    return byTurn && byTurn.checked ? nextTurn(seq) : seq + 1;
  }

  function togglePlay() {
    if (playing) {
      showPlaying(false);
      return;
    }
    showPlaying(true);
    go(shownSeq() >= last() ? 0 : stepAfter(shownSeq()));
  }

  // After each step is shown: the slider says where the replay is (its value attribute too,
  // which the page kept for the back button is saved with), and a playing replay goes on. A
  // step the slider itself asked for leaves its value alone: it may have moved on since.
  function follow(moveSlider) {
    var input = slider();
    var at = document.getElementById("replay-at");
    var seq = shownSeq();
    if (moveSlider) {
      input.value = String(seq);
    }
    input.setAttribute("value", String(seq));
    if (at) {
      input.setAttribute("aria-valuetext", at.textContent.trim());
    }
    var turns = document.getElementById("replay-turn");
    Array.prototype.forEach.call(turns.options, function (option) {
      if (parseInt(option.value, 10) <= seq) {
        turns.value = option.value;
      }
    });
    if (playing) {
      if (seq >= last()) {
        showPlaying(false);
      } else {
        timer = setTimeout(function () {
          timer = null;
          go(stepAfter(shownSeq()));
        }, PLAY_EVERY_MS);
      }
    }
  }

  function typing(target) {
    var tag = target.tagName;
    return tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && target.type !== "range");
  }

  document.addEventListener("keydown", function (event) {
    if (!slider() || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) {
      return;
    }
    var onSlider = event.target === slider();
    var key = event.key;
    if (key === " " && event.target.tagName !== "BUTTON") {
      togglePlay();
    } else if (onSlider) {
      return; // the slider's own keys move it, and its moves fetch the step
    } else if (key === "ArrowRight") {
      go(asked() + 1);
    } else if (key === "ArrowLeft") {
      go(asked() - 1);
    } else if (key === "Home") {
      go(0);
    } else if (key === "End") {
      go(last());
    } else {
      return;
    }
    event.preventDefault();
  });

  // On the document: a page restored by the back button has a new button.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button) {
      return;
    }
    if (button.id === "replay-play") {
      togglePlay();
    } else if (button.id === "replay-turn-forward") {
      go(nextTurn(asked()));
    } else if (button.id === "replay-turn-back") {
      go(previousTurn(asked()));
    }
  });

  document.addEventListener("htmx:beforeHistoryUpdate", function (event) {
    if (playing) {
      event.detail.history.type = "replace";
    }
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.id === "replay-step") {
      var asker = event.detail.requestConfig && event.detail.requestConfig.elt;
      follow(asker !== slider());
    }
  });
  // The controls that need this script shown, on the page as loaded or as the back button
  // brought it back (from the browser's kept copy, or asked for afresh).
  function ready() {
    if (!slider()) {
      return;
    }
    document.getElementById("replay-play").hidden = false;
    document.getElementById("replay-by-turns").hidden = false;
    document.getElementById("replay-go").hidden = true; // the slider fetches on its own
    document.getElementById("replay-keys").hidden = false;
    follow(true);
  }
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:historyRestore", function () {
    showPlaying(false);
    ready();
  });
})();
