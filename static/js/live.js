// Live updates (docs/pages.md, "Live updates"): an element with data-stream follows its
// table's stream of server-sent events, and is asked for again ("live", one of its
// hx-triggers) as soon as the stream says the table changed. While the stream is held its
// timed request stands down; where none can be held (a server without streams answers 204,
// which closes it) the timed request goes on as before. Nothing is asked for while the tab is
// hidden or the element's own request runs: what the stream said meanwhile is asked for once
// the tab shows or the request is over. The element may be swapped whole: it is found by its id.
(function () {
  "use strict";

  var followed = {}; // by element id: {streaming, missed}

  function ask(id) {
    var elt = document.getElementById(id);
    if (elt) {
      htmx.trigger(elt, "live");
    }
  }

  function askIfMissed(id) {
    if (followed[id].missed) {
      followed[id].missed = false;
      ask(id);
    }
  }

  function follow(elt) {
    var id = elt.id;
    if (!id || followed[id] || !window.EventSource) {
      return;
    }
    var state = { streaming: false, missed: false };
    followed[id] = state;
    var source = new EventSource(elt.getAttribute("data-stream"));
    source.addEventListener("open", function () {
      state.streaming = true;
    });
    source.addEventListener("change", function (event) {
      var now = document.getElementById(id);
      if (now) {
        now.setAttribute("data-said", event.data.split(".")[0]);
      }
      ask(id);
    });
    source.addEventListener("error", function () {
      state.streaming = false; // the browser connects again by itself, unless the server said no
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      Object.keys(followed).forEach(askIfMissed); // what a stream said while the tab was hidden
    }
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    var state = elt && elt.id && followed[elt.id];
    if (!state || event.detail.verb !== "get") {
      return;
    }
    var busy = elt.querySelector(".htmx-request") !== null;
    var timed = !event.detail.triggeringEvent;
    if (document.visibilityState !== "visible" || busy || (state.streaming && timed)) {
      event.preventDefault();
      if (!timed) {
        state.missed = true; // asked for again once the tab shows, or the request is over
        if (busy) {
          window.setTimeout(function () { askIfMissed(elt.id); }, 150);
        }
      }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-stream][id]").forEach(follow);
  });
})();
