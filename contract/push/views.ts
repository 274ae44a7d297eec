import type { PushKind } from "./kinds.ts";

/** One of a member's devices that take pushes; its address never leaves the API. */
export type PushDeviceView = { id: number; label: string; createdAt: number; lastSentAt: number | null };

/** 推送通知 as its settings page shows it: the site's VAPID key to subscribe with, the kinds chosen, the devices. */
export type PushSettingsView = { publicKey: string; kinds: PushKind[]; devices: PushDeviceView[] };
