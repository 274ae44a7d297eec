import { z } from "zod";
import { integer } from "./env-fields.ts";

/** Where visitors' rendered pages are stored (server/speed/stored-pages, decision 20), as the environment says. */
export const pageStoreEnvFields = {
  PAGE_STORE: z
    .string()
    .optional()
    .refine((v) => !v || ["auto", "disk", "redis", "off"].includes(v), {
      message: "PAGE_STORE 无效：应为 auto、disk、redis 或 off",
    }),
  PAGE_STORE_MB: integer("PAGE_STORE_MB", 1, 1_000_000, 256),
  PAGE_COUNTS_LAG_MS: integer("PAGE_COUNTS_LAG_MS", 0, 600_000, 20_000),
};

export type PageStoreSettings = {
  /** Redis, DATA_DIR, or nowhere. */
  pageStore: "disk" | "redis" | "off";
  /** PAGE_STORE_MB, in bytes: the oldest stored pages go first past it. */
  pageStoreBytes: number;
  /** How long counts (likes, follows) on stored pages may lag: they are gathered this long, then dropped by a job. */
  pageCountsLagMs: number;
};

type Fields = { PAGE_STORE?: string; PAGE_STORE_MB: number; PAGE_COUNTS_LAG_MS: number; REDIS_URL?: string | null };

export const pageStoreEnvMistake = (v: Fields): string | null =>
  v.PAGE_STORE === "redis" && !v.REDIS_URL ? "PAGE_STORE=redis 需要 REDIS_URL" : null;

/** `auto` is Redis when the site has one (every server shares it), else the disk. */
export function pageStoreSettingsOf(v: Fields): PageStoreSettings {
  const named = v.PAGE_STORE === "disk" || v.PAGE_STORE === "off" ? v.PAGE_STORE : null;
  return {
    pageStore: named ?? (v.REDIS_URL ? "redis" : "disk"),
    pageStoreBytes: v.PAGE_STORE_MB * 1024 * 1024,
    pageCountsLagMs: v.PAGE_COUNTS_LAG_MS,
  };
}
