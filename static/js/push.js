// Push on this browser (the preferences page): the site's service worker is registered at the
// root, the browser's push service is asked for a subscription under the site's VAPID key, and
// the subscription (its address and keys) is posted to the server with the rest of the page's
// form, as its Save would post it, so that no edit made on the page is lost; the server lists
// the device. Without this script the button stays hidden: push needs it.
(function () {
  const button = document.getElementById("push-on");
  if (!button) {
    return;
  }
  button.hidden = false;
  const form = button.form;
  const status = document.getElementById("push-status");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    button.disabled = true;
    status.textContent = button.dataset.unsupported;
    return;
  }

  function bytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const text = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }

  button.addEventListener("click", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        status.textContent = button.dataset.denied;
        button.disabled = false;
        return;
      }
      await navigator.serviceWorker.register(button.dataset.worker, { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytes(button.dataset.key),
      });
      const json = subscription.toJSON();
      form.elements.endpoint.value = json.endpoint;
      form.elements.p256dh.value = json.keys.p256dh;
      form.elements.auth.value = json.keys.auth;
      form.requestSubmit();
    } catch (error) {
      status.textContent = button.dataset.failed;
      button.disabled = false;
    }
  });
})();
