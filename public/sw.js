// A minimal service worker (requirements §7 registers /sw.js): it keeps built assets and uploaded media, which never
// change under one URL, in a cache so repeat visits load them without the network. Pages always go to the server.
const CACHE = "yishe-static-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith("/assets/") && !url.pathname.startsWith("/uploads/")) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const response = await fetch(event.request);
      if (response.ok && response.type === "basic") cache.put(event.request, response.clone());
      return response;
    }),
  );
});
