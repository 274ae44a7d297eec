import type { NotificationKind } from "../scores/growth.ts";

/**
 * Web push (issue 59): what may reach a member's devices while the site is closed. Each kind is chosen on its own,
 * none by default; a device is added in its own browser. Both sides read the kinds and limits here.
 */
export const pushKinds = {
  message: { label: "私信", of: [] },
  reply: { label: "评论、回复和提及", of: ["comment", "reply", "mention"] },
  commission: { label: "约稿进展", of: ["commission"] },
} as const satisfies Record<string, { label: string; of: readonly NotificationKind[] }>;
export type PushKind = keyof typeof pushKinds;
export const pushKindKeys = Object.keys(pushKinds) as PushKind[];
export const isPushKind = (k: string): k is PushKind => Object.hasOwn(pushKinds, k);

/** The push kind a notification belongs to, if any. */
export function pushKindOf(kind: NotificationKind): PushKind | null {
  for (const key of pushKindKeys) if ((pushKinds[key].of as readonly string[]).includes(kind)) return key;
  return null;
}

export const pushLimits = {
  /** Devices a member may have at once; a new one past it takes the place of the longest unused. */
  devices: 10,
  endpoint: 1000,
  /** How long a push service keeps a push for a device that is off (seconds). */
  ttlSeconds: 86_400,
  /** A notification's text on the device, in characters. */
  body: 120,
} as const;

/** What the service worker is sent (public/sw.js shows it): plain text, and a path on this site to open. */
export type PushPayload = { title: string; body: string; url: string; tag: string };
