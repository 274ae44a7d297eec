import { push } from "../../../contract/push/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** A member's web push (contract/push/endpoints.ts). */
export const getPushSettings = (api: ApiClient) => api.call(push.settings);
export const savePushKinds = (api: ApiClient, body: BodyOf<typeof push.saveKinds>) =>
  api.call(push.saveKinds, { body });
export const addPushDevice = (api: ApiClient, body: BodyOf<typeof push.subscribe>) =>
  api.call(push.subscribe, { body });
export const removePushDevice = (api: ApiClient, id: number) => api.call(push.remove, { params: { id } });
export const forgetPushDevice = (api: ApiClient, body: BodyOf<typeof push.forget>) => api.call(push.forget, { body });
