import { commissions, tips } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** 约稿 and 打赏, as the web calls them (contract/commissions/endpoints.ts). */
export const createCommission = (api: ApiClient, body: BodyOf<typeof commissions.create>) =>
  api.call(commissions.create, { body });
export const listCommissions = (api: ApiClient, role: "received" | "sent", cursor?: string) =>
  api.call(commissions.list, { query: { role, cursor } });
export const getCommission = (api: ApiClient, id: number) => api.call(commissions.one, { params: { id } });
export const takeCommissionStep = (api: ApiClient, id: number, body: BodyOf<typeof commissions.step>) =>
  api.call(commissions.step, { params: { id }, body });
export const sayInCommission = (api: ApiClient, id: number, content: string) =>
  api.call(commissions.say, { params: { id }, body: { content } });
/** A delivered picture's bytes, as the API hands them to one of the two parties. */
export const openCommissionFile = (api: ApiClient, id: number, n: number, size: "640" | "full") =>
  api.open(commissions.file, undefined, undefined, { params: { id, n }, query: { size } });
export const tipWork = (api: ApiClient, id: number, amount: number) =>
  api.call(tips.give, { params: { id }, body: { amount } });
