import { push } from "../../contract/push/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { endpoints } from "../lib/endpoint.ts";
import { addPushDevice, choosePushKinds, pushSettingsOf, removePushDevice } from "../services/inbox/push.ts";

/** 推送通知: a member's own, from a signed-in session only (no token reaches these: api/lib/token-scopes.ts). */
export const pushRoutes = endpoints()
  .answer(push.settings, async (c) => pushSettingsOf(c.deps, requireUser(c)))
  .answer(push.saveKinds, async (c) => choosePushKinds(c.deps, requireUser(c), c.input.body.kinds))
  .answer(push.subscribe, async (c) => addPushDevice(c.deps, requireUser(c), c.input.body, c.agent ?? ""))
  .answer(push.remove, async (c) => removePushDevice(c.deps, requireUser(c), { id: c.input.params.id }))
  .answer(push.forget, async (c) => removePushDevice(c.deps, requireUser(c), { endpoint: c.input.body.endpoint })).all;
