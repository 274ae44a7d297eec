import { z } from "zod";
import { cursor, id, optionalId, text } from "../shared/fields.ts";

/** What the people endpoints take (contract/people/endpoints.ts). */

export const personParams = { id: id("用户") };
/** A member's marked works; without userId, the signed-in member's own. */
export const markedQuery = z.object({ userId: optionalId("用户"), cursor });
export const backgroundSchema = z.object({ backgroundImage: text("背景图片", { max: 500 }) });
export const personTarget = z.object({ userId: id("用户") });
export const followListQuery = z.object({ userId: id("用户"), cursor });
