/* global self */
// Web push of Munegu, imported by the service worker that vite-plugin-pwa generates
// (pwa.config.ts, workbox.importScripts). The server sends short French texts and a path of
// the app (packages/shared PUSH_NOTICES); nothing here trusts more than that shape.

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  // Only paths of this site are ever opened from a notification.
  const url =
    typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
      ? data.url
      : '/';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/pwa-192.png',
      badge: '/pwa-maskable-192.png',
      lang: 'fr',
      data: { url },
    }),
  );
});

// A click focuses an open window of the app and takes it to the notification's page, or
// opens one there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target && 'navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
