import { z } from "zod";
import { id } from "../shared/fields.ts";
import { pushKindKeys, pushLimits } from "./kinds.ts";

// base64url without padding: a P-256 public key is 65 bytes (87 characters), the auth secret 16 (22 characters).
const b64url = (length: number, what: string) =>
  z.string({ error: `缺少${what}` }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `${what}格式不正确`);

/** A browser's PushSubscription (its toJSON(): the address and keys.p256dh, keys.auth), as a form's fields. */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string({ error: "缺少推送地址" })
    .max(pushLimits.endpoint, "推送地址太长")
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password && !u.hash;
      } catch {
        return false;
      }
    }, "推送地址格式不正确"),
  p256dh: b64url(87, "设备公钥"),
  auth: b64url(22, "设备密钥"),
});

export const pushKindsSchema = z.object({
  kinds: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(pushKindKeys, { error: "没有这种推送" })),
  ),
});

export const pushDeviceParams = { id: id("设备") };
export const pushForgetSchema = z.object({ endpoint: pushSubscribeSchema.shape.endpoint });
