import { z } from "zod";
import { id, optionalText, text } from "../shared/fields.ts";
import { seriesLimits } from "../shared/limits.ts";

export const seriesSchema = z.object({
  title: text("合集名称", { max: seriesLimits.title }),
  description: optionalText("合集简介", seriesLimits.description),
});

export const seriesWorkSchema = z.object({ workId: id("作品") });

/** One place up (-1) or down (1). */
export const seriesMoveSchema = z.object({
  workId: id("作品"),
  by: z.preprocess((v) => Number(v), z.union([z.literal(-1), z.literal(1)], { error: "移动方向无效" })),
});
