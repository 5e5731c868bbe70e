/*
 * The console's service worker for push messages: shows each message the server pushes to this
 * browser ({ deliveryId, title, body }, decrypted by the browser) as a notification, and opens the
 * console when it is clicked. It caches nothing and handles no requests.
 */
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : 'New message';
  const body = typeof payload.body === 'string' ? payload.body : '';
  // One notification per delivery: a push repeated by the push service replaces its own.
  const tag = typeof payload.deliveryId === 'string' ? payload.deliveryId : undefined;
  event.waitUntil(self.registration.showNotification(title, { body, tag, requireInteraction: true, data: { deliveryId: tag } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      return open ? open.focus() : self.clients.openWindow(self.registration.scope);
    }),
  );
});
