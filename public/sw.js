// The service worker (requirements §7 registers /sw.js): it keeps built assets and uploaded media, which never change
// under one URL, in a cache so repeat visits load them without the network; pages always go to the server. It also
// shows the pushes a member chose (推送通知, api/services/inbox/push-out.ts) while the site is closed.
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

// A push is { title, body, url, tag } (contract/push/kinds.ts): shown as text, opening a path on this site.
self.addEventListener("push", (event) => {
  let p = {};
  try {
    p = event.data ? event.data.json() : {};
  } catch {
    p = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof p.url === "string" && /^\/(?![/\\])/.test(p.url) ? p.url : "/user/messages";
  const tag = typeof p.tag === "string" && p.tag ? p.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(String(p.title || "艺社有新消息"), {
      body: String(p.body || ""),
      tag,
      renotify: !!tag,
      lang: "zh-CN",
      icon: "/icons/192.png",
      data: { url },
    }),
  );
});

// Opening a notification brings up a tab already at its page, or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Checked after parsing: the parser turns "/\t/x" into "//x", another site.
  const parsed = new URL(event.notification.data?.url || "/", self.location.origin);
  const url = parsed.origin === self.location.origin ? parsed.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((t) => t.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

// The push service replaced this browser's subscription: it is given to the site again, for the member signed in.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription?.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((sub) => {
      const { endpoint, keys } = sub.toJSON();
      const body = new URLSearchParams({ intent: "refresh", endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return fetch("/user/profile/push", { method: "POST", body, credentials: "same-origin" });
    }),
  );
});
