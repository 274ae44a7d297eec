import { z } from "zod";
import { url } from "./env-fields.ts";
import type { PushSettings } from "../lib/web-push.ts";

/** Web push's settings: VAPID_PUBLIC_KEY and _PRIVATE_KEY together (else a pair kept in the database), VAPID_SUBJECT. */
export const pushEnvFields = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{87}$/, "VAPID_PUBLIC_KEY 应是 87 个字符的 base64url")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{43}$/, "VAPID_PRIVATE_KEY 应是 43 个字符的 base64url")
    .optional(),
  VAPID_SUBJECT: url("VAPID_SUBJECT", ["mailto:", "https:"]),
};
type PushVars = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string | null };

export const pushEnvMistake = (v: PushVars) =>
  !v.VAPID_PUBLIC_KEY !== !v.VAPID_PRIVATE_KEY ? "VAPID_PUBLIC_KEY 和 VAPID_PRIVATE_KEY 需要同时设置" : null;

export const pushSettingsOf = (v: PushVars): PushSettings => ({
  vapid:
    v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY
      ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
      : null,
  subject: v.VAPID_SUBJECT,
});
