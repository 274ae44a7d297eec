import { get, post } from "../shared/endpoint.ts";
import { pushDeviceParams, pushForgetSchema, pushKindsSchema, pushSubscribeSchema } from "./schemas.ts";
import type { PushDeviceView, PushSettingsView } from "./views.ts";

/** A member's web push (api/routes/push.ts): from a signed-in session only, like webhooks. */
export const push = {
  settings: get<PushSettingsView>()("/user/push", { summary: "推送通知设置" }),
  saveKinds: post<PushSettingsView>()("/user/push/kinds", { summary: "选择推送的通知", body: pushKindsSchema }),
  subscribe: post<PushDeviceView>()("/user/push/devices", {
    summary: "在这台设备上接收推送",
    body: pushSubscribeSchema,
  }),
  remove: post<null>()("/user/push/devices/:id/delete", { summary: "移除设备", params: pushDeviceParams }),
  /** The browser itself turning pushes off: it knows its address, not its id. */
  forget: post<null>()("/user/push/devices/forget", { summary: "这台设备不再接收推送", body: pushForgetSchema }),
};
