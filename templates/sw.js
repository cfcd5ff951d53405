{% load static %}// The site's service worker, at its root so that it may serve every page: it shows the pushes
// the server sends (a call to move, a game's end) and opens the game when one is clicked.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title || "Bohnanza", {
      body: message.body || "",
      tag: message.tag,
      icon: "{% static 'img/icon-192.png' %}",
      // Buttons under the push (the usual way of the trade book), each opening its own link.
      actions: (message.actions || []).map(({ action, title }) => ({ action, title })),
      data: {
        url: message.url,
        actions: Object.fromEntries((message.actions || []).map((a) => [a.action, a.url])),
      },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = (event.action && data.actions && data.actions[event.action]) || data.url;
  if (url) {
    event.waitUntil(self.clients.openWindow(url));
  }
});
