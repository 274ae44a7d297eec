/**
 * Webhooks (issue 57): a member's address told of what happens to them, the owner's told of the whole site. Each event
 * goes as one signed POST (the Standard Webhooks scheme: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const webhookEvents = {
  "work.published": { label: "我发布了作品", scope: "member" },
  "comment.received": { label: "我的作品收到评论", scope: "member" },
  "follower.new": { label: "有人关注了我", scope: "member" },
  "site.work.published": { label: "全站：有作品发布", scope: "site" },
  "site.report.filed": { label: "全站：有新的举报", scope: "site" },
  "site.member.joined": { label: "全站：有新成员注册", scope: "site" },
} as const;
export type WebhookEvent = keyof typeof webhookEvents;
export const webhookEventKeys = Object.keys(webhookEvents) as [WebhookEvent, ...WebhookEvent[]];
export const isWebhookEvent = (k: string): k is WebhookEvent => Object.hasOwn(webhookEvents, k);
/** Site-wide events are the owner's alone. */
export const siteEvent = (k: WebhookEvent) => webhookEvents[k].scope === "site";

export const webhookLimits = {
  /** Addresses per member. */
  perMember: 5,
  url: 500,
  /** The receiver has this long to answer; its body is read no further than this. */
  timeoutMs: 5_000,
  answerBytes: 4_096,
  /** Tries of one delivery before it is given up (the first and the retries), waiting longer each time. */
  tries: 8,
  /** Deliveries kept per address in its log. */
  logKept: 50,
} as const;

/** What every delivery's body is: the event's name, when it happened (ISO 8601) and what it is about. */
export type WebhookPayload = { type: WebhookEvent | "ping"; timestamp: string; data: Record<string, unknown> };
