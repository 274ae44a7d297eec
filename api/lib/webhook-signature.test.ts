import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { newWebhookSecret, verifyWebhook, webhookHeaders } from "./webhook-signature.ts";

describe("webhook signatures", () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: "ping", timestamp: "2026-11-29T00:00:00.000Z", data: { webhookId: 1 } });
  const now = Math.floor(Date.now() / 1000);
  const headers = webhookHeaders(secret, "msg_1", now, body);

  it("are what the Standard Webhooks library makes and checks", () => {
    const reference = new Webhook(secret);
    expect(headers["webhook-signature"]).toBe(reference.sign("msg_1", new Date(now * 1000), body));
    expect(reference.verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("are refused by our check when the body, the id or the secret differ, or the time is far off", () => {
    const at = { id: "msg_1", timestamp: String(now), signature: headers["webhook-signature"] };
    expect(verifyWebhook(secret, at, body, now)).toBe(true);
    expect(verifyWebhook(secret, at, body.replace("1}", "2}"), now)).toBe(false);
    expect(verifyWebhook(secret, { ...at, id: "msg_2" }, body, now)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), at, body, now)).toBe(false);
    expect(verifyWebhook(secret, at, body, now + 301)).toBe(false);
  });
});
