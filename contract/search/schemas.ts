import { z } from "zod";
import { optionalId, text } from "../shared/fields.ts";
import { searchLimits } from "../shared/limits.ts";
import { searchPaging } from "./search.ts";

/** Search's query, for works and for people. */

export const searchSchema = z.object({
  keyword: text("搜索关键词", { max: searchLimits.keyword }),
  nodeId: optionalId("节点"),
  // An unknown time range or kind means "any": a stale link still finds something.
  timeRange: z.coerce.number().int().min(0).max(4).catch(0),
  type: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(4).optional())
    .catch(undefined),
  // 不看 AI 生成: "1" (a link's or form's) or true; anything else keeps them.
  noAi: z.preprocess((v) => v === "1" || v === true, z.boolean()),
  // A page that is not a number is the first; one past the last that may be read is told so.
  page: z.preprocess(
    (v) => (Number.isInteger(Number(v)) && Number(v) >= 1 ? Number(v) : 1),
    z.number().max(searchPaging.maxPages, `最多只能查看前${searchPaging.maxPages}页`),
  ),
});

export const userSearchSchema = z.object({
  keyword: text("搜索关键词", { max: searchLimits.keyword }),
  page: searchSchema.shape.page,
});
