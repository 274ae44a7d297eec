import { z } from "zod";
import { chartPeriodKeys } from "./charts.ts";
import { optionalId } from "../shared/fields.ts";

/** A chart's address: which period (the day's by default), which node (every one by default), and a date in it. */
export const chartQuery = z.object({
  period: z.enum(chartPeriodKeys, { error: "排行榜只有日榜、周榜和月榜" }).default("day"),
  nodeId: optionalId("节点"),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 2026-11-26 这样的年-月-日")
    .optional(),
});
