import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { findNotification } from "../../db/queries/notifications.ts";
import {
  deletePushDevice,
  devicesTaking,
  findPushDevice,
  markPushSent,
  messageForPush,
} from "../../db/queries/push.ts";
import { OutboundRefused, postGuarded } from "../../lib/safe-outbound.ts";
import { pushRequest } from "../../lib/web-push.ts";
import { describeNotification, fromSomeone } from "../../../contract/inbox/notice-text.ts";
import { pushLimits, type PushKind, type PushPayload } from "../../../contract/push/kinds.ts";
import { describeError } from "../../../contract/shared/log.ts";
import type { Deps } from "../deps.ts";
import { notificationView } from "./notice-view.ts";
import { vapidOf } from "./vapid.ts";

/** News that may be pushed: whose, of what kind, and its row (a notification's id, or a private message's). */
export type PushCall = { userId: number; kind: PushKind; ref: number };

/** One job per device of the member that takes the kind, in the write's own transaction: none lost, none invented. */
export async function queuePushes(deps: Deps, trx: Kysely<DB>, calls: PushCall[]): Promise<void> {
  for (const call of calls)
    for (const deviceId of await devicesTaking(trx, call.userId, call.kind))
      await deps.jobs.send("push.send", { deviceId, kind: call.kind, ref: call.ref }, { in: trx });
}

const cut = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > pushLimits.body ? `${flat.slice(0, pushLimits.body - 1)}…` : flat;
};

/** What the device shows, worded when it is sent (as mail is); null when it was read meanwhile, or is gone. */
async function payloadOf(deps: Deps, userId: number, kind: PushKind, ref: number): Promise<PushPayload | null> {
  if (kind === "message") {
    const m = await messageForPush(deps.db, ref);
    if (!m || m.recipient_id !== userId || m.read_at > 0) return null;
    const url = `/user/messages/chat/${m.sender_id}`;
    return { title: `${m.nickname} 给你发来私信`, body: cut(m.content), url, tag: `chat-${m.sender_id}` };
  }
  const row = await findNotification(deps.db, userId, ref);
  if (!row || row.read_at > 0) return null;
  const n = notificationView(row);
  const said = describeNotification(n);
  const title = `${fromSomeone(n) ? n.actor!.nickname : ""}${said.text}`;
  return {
    title: cut(title),
    body: cut(n.comment),
    url: `/user/messages/open/${n.notificationId}`,
    tag: `notice-${ref}`,
  };
}

/**
 * The job `push.send`: one push to one device. The push service keeps it a day for a device that is off. An address
 * it says is gone (404, 410), or that we may not reach, drops the device; a refusal of the request (another 4xx) is
 * given up; a busy or failing service (429, 5xx, no answer) is tried again by the queue.
 */
export async function deliverPush(deps: Deps, data: { deviceId: number; kind: PushKind; ref: number }): Promise<void> {
  const device = await findPushDevice(deps.db, data.deviceId);
  if (!device) return;
  const payload = await payloadOf(deps, device.user_id, data.kind, data.ref);
  if (!payload) return;
  const subject = deps.push.subject ?? `mailto:push@${new URL(deps.signin.siteUrl).hostname}`;
  const request = pushRequest(device, JSON.stringify(payload), {
    vapid: await vapidOf(deps),
    subject,
    ttlSeconds: pushLimits.ttlSeconds,
    topic: payload.tag,
  });
  let status: number;
  try {
    ({ status } = await postGuarded(request.url, request.body, request.headers, {
      allowHosts: deps.webhookAllowHosts,
      timeoutMs: 10_000,
      answerBytes: 2000,
    }));
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    await deletePushDevice(deps.db, { id: device.id });
    return;
  }
  if (status >= 200 && status < 300) return markPushSent(deps.db, device.id, deps.now());
  if (status === 404 || status === 410) {
    await deletePushDevice(deps.db, { id: device.id });
    return;
  }
  if (status === 429 || status >= 500) throw new Error(`push to device ${device.id}: HTTP ${status}`);
  deps.log.warn("push refused", { deviceId: device.id, status, error: describeError(new Error(`HTTP ${status}`)) });
}
