// The browser's time zone: kept in a cookie, so that a visitor's times are shown in it, and
// put in the sign-up form's hidden field, so that a new player's profile starts with it.
(function () {
  "use strict";
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) {
    return;
  }
  if (document.cookie.indexOf("tz=" + encodeURIComponent(zone)) === -1) {
    document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[name=time_zone]").forEach(function (input) {
      if (!input.value) {
        input.value = zone;
      }
    });
  });
})();
