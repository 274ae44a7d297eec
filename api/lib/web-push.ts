import webpush from "web-push";

/**
 * The Push API's server side with the web-push library: the site's VAPID key pair, and one push to one browser
 * encrypted (aes128gcm) to its keys and signed with the pair. The request goes out through the guarded sender
 * (api/lib/safe-outbound.ts), as a webhook's does: a push service's address is the browser's to give.
 */
export type VapidKeys = { publicKey: string; privateKey: string };
export type PushSettings = { vapid: VapidKeys | null; subject: string | null };

export const makeVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

export function pushRequest(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  o: { vapid: VapidKeys; subject: string; ttlSeconds: number; topic: string },
): { url: string; headers: Record<string, string>; body: Buffer } {
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject: o.subject, ...o.vapid },
      TTL: o.ttlSeconds,
      // A newer push of the same topic replaces one the service still holds (32 characters of base64url at most).
      topic: o.topic.replace(/[^\w-]/g, "").slice(0, 32),
      urgency: "normal",
      contentEncoding: "aes128gcm",
    },
  );
  return {
    url: details.endpoint,
    headers: details.headers as Record<string, string>,
    body: details.body as Buffer,
  };
}
