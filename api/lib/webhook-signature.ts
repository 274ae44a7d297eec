import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The Standard Webhooks scheme (standardwebhooks.com): the secret is `whsec_` and base64 bytes; each delivery carries
 * `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret's bytes. Receivers check it with any of the scheme's libraries, or as `verify`.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one delivery. */
export const webhookHeaders = (secret: string, id: string, timestamp: number, body: string) => ({
  "Content-Type": "application/json",
  "User-Agent": "yishe-webhooks/1",
  "webhook-id": id,
  "webhook-timestamp": String(timestamp),
  "webhook-signature": signWebhook(secret, id, timestamp, body),
});

/** A receiver's check: one of the signatures is ours, and the timestamp within five minutes of now (no replays). */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds: number,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body));
  return headers.signature
    .split(" ")
    .some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));
}
