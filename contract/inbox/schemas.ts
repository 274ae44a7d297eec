import { z } from "zod";
import { id, text } from "../shared/fields.ts";
import { messageLimits } from "../shared/limits.ts";

/** 私信. */

/** A private message: plain text (links are made clickable when shown), to someone named by id. */
export const messageSchema = z.object({
  userId: id("收信人"),
  content: text("私信内容", { max: messageLimits.content }),
});
