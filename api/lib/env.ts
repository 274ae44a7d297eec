import path from "node:path";

/** The one place that reads the process environment (ARCHITECTURE.md, Conventions). */
export type Env = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  apiOrigin: string | null;
  redisUrl: string | null;
  demoContent: boolean;
  ownerUsername: string | null;
  ownerPassword: string | null;
  captcha: boolean;
  production: boolean;
  /** How long visitors' listing pages are served from memory; 0 turns it off. */
  pageCacheMs: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
};

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const dataDir = path.resolve(source.DATA_DIR || "data");
  const level = source.LOG_LEVEL;
  return {
    port: Number(source.PORT) || 3000,
    dataDir,
    databaseUrl: source.DATABASE_URL || `sqlite:${path.join(dataDir, "site.db")}`,
    apiOrigin: source.API_ORIGIN ? source.API_ORIGIN.replace(/\/+$/, "") : null,
    redisUrl: source.REDIS_URL || null,
    demoContent: source.DEMO_CONTENT !== "0",
    ownerUsername: source.OWNER_USERNAME || null,
    ownerPassword: source.OWNER_PASSWORD || null,
    captcha: source.CAPTCHA !== "off",
    production: source.NODE_ENV === "production",
    pageCacheMs: source.PAGE_CACHE_MS === undefined ? 3000 : Math.max(0, Number(source.PAGE_CACHE_MS) || 0),
    logLevel: level === "debug" || level === "warn" || level === "error" || level === "silent" ? level : "info",
  };
}
