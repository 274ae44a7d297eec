import path from "node:path";
import { z } from "zod";
import { clientFields, integer, switchOf, url } from "./env-fields.ts";
import { oauthProviders } from "../../contract/signin/ways-in.ts";
import type { OAuthSettings } from "../lib/oauth.ts";
import type { CloudSmsOptions } from "../lib/sms.ts";
import type { DatabaseOptions } from "../db/index.ts";
import type { S3Settings } from "../lib/s3-storage.ts";
import type { PushSettings } from "../lib/web-push.ts";
import type { AiSettingsFromEnv } from "../lib/ai-provider.ts";
import { aiEnvFields, aiEnvMistake, aiSettingsOf } from "./ai-env.ts";
import { pushEnvFields, pushEnvMistake, pushSettingsOf } from "./push-env.ts";
import { watchEnvFields, watchSettingsOf, type WatchSettings } from "./watch-env.ts";
import { backupEnvFields, backupEnvMistake, backupSettingsOf, type BackupSettings } from "./backup-env.ts";
import * as pageStore from "./page-store-env.ts";

/**
 * The one place that reads the process environment (docs/architecture.md, Conventions). Every variable is parsed by one
 * schema at start: a value that does not parse stops the start with a message naming the variable, rather than
 * being quietly read as a default.
 */
export type Env = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  apiOrigin: string | null;
  /** Where uploaded media goes: $DATA_DIR/uploads, or an S3-compatible store (STORAGE=s3). */
  storage: { kind: "local" } | ({ kind: "s3"; publicUrl: string | null } & S3Settings);
  /** PostgreSQL: connections per process, and how long one statement may run (0: no limit). */
  database: DatabaseOptions;
  redisUrl: string | null;
  /** The public address of the site: canonical links, og:url, JSON-LD and share QR codes use it, never the Host header. */
  siteUrl: string;
  /** Whether SITE_URL was given (a public site without it would link to localhost). */
  siteUrlSet: boolean;
  /** How many reverse proxies in front are trusted for X-Forwarded-For/-Proto/-Host; 0 trusts none. */
  trustProxy: number;
  demoContent: boolean;
  ownerUsername: string | null;
  ownerPassword: string | null;
  captcha: boolean;
  /** WEBHOOK_ALLOW_HOSTS, lower case: hosts webhooks may reach on a private address. */
  webhookAllowHosts: string[];
  /** VAPID_PUBLIC_KEY and _PRIVATE_KEY (else a pair made once and kept in the database), VAPID_SUBJECT. */
  push: PushSettings;
  /** How long a stop may take, all of it (server/listen.ts): under Docker's 10 s before it kills. */
  shutdownGraceMs: number;
  /** How long each process shares a page of a work list (the rows, before each reader's likes); 0 turns it off. */
  listingCacheMs: number;
  /** Processes serving the one port (node:cluster); `npm start` defaults to the number of cores. */
  workers: number;
  /** NODE_OPTIONS as given: a young-generation size there is the operator's, not overridden (server/speed/heap.ts). */
  nodeOptions: string;
  /** MALLOC_ARENA_MAX as given: a number there is the operator's, passed on to workers as it is (server/speed/heap.ts). */
  mallocArenaMax: string;
  /** MALLOC_MMAP_THRESHOLD_ as given, the same way. */
  mallocMmapThreshold: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** SMS_*: where SMS codes go (console, aliyun, tencent) and the provider's keys. */
  sms: { provider: "console" | "aliyun" | "tencent" } & CloudSmsOptions;
  /** SMTP_URL: where mail goes; without it mail is printed. MAIL_FROM: its sender. */
  smtpUrl: string | null;
  mailFrom: string;
  /** {WECHAT,WEIBO,QQ,GITHUB,OSC}_CLIENT_ID/_SECRET (and OAUTH_SERVER_* for a local server): third-party sign-in. */
  oauth: OAuthSettings;
  requireVerified: boolean;
  /** AI_*: the provider of 深度思考 and 深度搜索; null when not configured (no AI anywhere). */
  ai: AiSettingsFromEnv | null;
  /**
   * NODE_ENV is `test` or `development` (Vitest, the dev server): a page's in-process API answers are checked
   * (api/serve/transport.ts). Unset, as when an operator runs `node server.ts`, it is production's way.
   */
  checkAnswers: boolean;
} & WatchSettings &
  BackupSettings &
  pageStore.PageStoreSettings;

export class EnvError extends Error {}

/** For commands (the server, backup, storage copy): the settings, or their mistakes printed and exit code 1. */
export function readEnvOrExit(): Env {
  try {
    return readEnv();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

const schema = z
  .object({
    PORT: integer("PORT", 1, 65535, 3000),
    DATA_DIR: z.string().optional(),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^(sqlite:|postgres(ql)?:\/\/)/.test(v), {
        message: "DATABASE_URL 无效：应以 sqlite: 或 postgres:// 开头",
      }),
    API_ORIGIN: url("API_ORIGIN", ["http:", "https:"]),
    DATABASE_POOL_MAX: integer("DATABASE_POOL_MAX", 1, 500, 10),
    DATABASE_STATEMENT_TIMEOUT_MS: integer("DATABASE_STATEMENT_TIMEOUT_MS", 0, 3_600_000, 30_000),
    REDIS_URL: url("REDIS_URL", ["redis:", "rediss:"]),
    SITE_URL: url("SITE_URL", ["http:", "https:"]),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return 0;
        const s = v.trim().toLowerCase();
        if (s === "on") return 1;
        if (s === "off") return 0;
        if (/^\d$/.test(s) && Number(s) <= 5) return Number(s);
        ctx.addIssue({
          code: "custom",
          message: `TRUST_PROXY=${JSON.stringify(v)} 无效：写 off、on，或前面代理的层数（0 到 5）`,
        });
        return z.NEVER;
      }),
    DEMO_CONTENT: switchOf("DEMO_CONTENT", true),
    OWNER_USERNAME: z
      .string()
      .optional()
      .refine((v) => !v || /^[A-Za-z][A-Za-z0-9_]{2,19}$/.test(v), {
        message: "OWNER_USERNAME 无效：以字母开头，3到20位字母、数字或下划线",
      }),
    OWNER_PASSWORD: z
      .string()
      .optional()
      .refine((v) => !v || (v.length >= 8 && v.length <= 64), { message: "OWNER_PASSWORD 无效：需要8到64个字符" }),
    CAPTCHA: switchOf("CAPTCHA", true),
    /** Hosts webhooks may reach although they resolve to a private address (an intranet service the owner runs). */
    WEBHOOK_ALLOW_HOSTS: z.string().max(2000).optional(),
    ...pushEnvFields,
    SHUTDOWN_GRACE_MS: integer("SHUTDOWN_GRACE_MS", 1000, 600_000, 8000),
    DATABASE_CONNECT_WAIT_MS: integer("DATABASE_CONNECT_WAIT_MS", 0, 600_000, 30_000),
    LISTING_CACHE_MS: integer("LISTING_CACHE_MS", 0, 60_000, 3000),
    WORKERS: integer("WORKERS", 1, 64, 1),
    NODE_OPTIONS: z.string().optional(),
    MALLOC_ARENA_MAX: z.string().optional(),
    MALLOC_MMAP_THRESHOLD_: z.string().optional(),
    LOG_LEVEL: z
      .string()
      .optional()
      .refine((v) => !v || ["debug", "info", "warn", "error", "silent"].includes(v), {
        message: "LOG_LEVEL 无效：应为 debug、info、warn、error 或 silent",
      }),
    SMS_PROVIDER: z
      .string()
      .optional()
      .refine((v) => !v || ["console", "aliyun", "tencent"].includes(v), {
        message: "SMS_PROVIDER 无效：应为 console、aliyun 或 tencent",
      }),
    SMS_ACCESS_KEY_ID: z.string().optional(),
    SMS_ACCESS_KEY_SECRET: z.string().optional(),
    SMS_SIGN_NAME: z.string().optional(),
    SMS_TEMPLATE_ID: z.string().optional(),
    SMS_APP_ID: z.string().optional(),
    SMS_REGION: z.string().optional(),
    SMS_ENDPOINT: url("SMS_ENDPOINT", ["http:", "https:"]),
    SMTP_URL: url("SMTP_URL", ["smtp:", "smtps:"]),
    MAIL_FROM: z.string().optional(),
    ...clientFields(oauthProviders),
    REQUIRE_VERIFIED: switchOf("REQUIRE_VERIFIED", false),
    STORAGE: z
      .string()
      .optional()
      .refine((v) => !v || ["local", "s3"].includes(v), { message: "STORAGE 无效：应为 local 或 s3" }),
    S3_ENDPOINT: url("S3_ENDPOINT", ["http:", "https:"]),
    S3_REGION: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: url("S3_PUBLIC_URL", ["http:", "https:"]),
    S3_FORCE_PATH_STYLE: z
      .string()
      .optional()
      .refine((v) => !v || ["on", "off", "1", "0"].includes(v.trim().toLowerCase()), {
        message: "S3_FORCE_PATH_STYLE 无效：开关只接受 on 或 off（也可写 1 或 0）",
      }),
    ...aiEnvFields,
    ...watchEnvFields,
    ...backupEnvFields,
    ...pageStore.pageStoreEnvFields,
  })
  .superRefine((v, ctx) => {
    const provider = v.SMS_PROVIDER;
    if (provider === "aliyun" || provider === "tencent") {
      const needed = ["SMS_ACCESS_KEY_ID", "SMS_ACCESS_KEY_SECRET", "SMS_SIGN_NAME", "SMS_TEMPLATE_ID"];
      if (provider === "tencent") needed.push("SMS_APP_ID");
      const missing = needed.filter((k) => !v[k as keyof typeof v]);
      if (missing.length)
        ctx.addIssue({ code: "custom", message: `SMS_PROVIDER=${provider} 还需要设置 ${missing.join("、")}` });
    }
    if (v.STORAGE === "s3") {
      const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((k) => !v[k as keyof typeof v]);
      if (missing.length) ctx.addIssue({ code: "custom", message: `STORAGE=s3 还需要设置 ${missing.join("、")}` });
    }
    for (const mistake of [pageStore.pageStoreEnvMistake(v), backupEnvMistake(v), aiEnvMistake(v), pushEnvMistake(v)])
      if (mistake) ctx.addIssue({ code: "custom", message: mistake });
    for (const p of oauthProviders) {
      const name = p.toUpperCase();
      const id = (v as Record<string, unknown>)[`${name}_CLIENT_ID`];
      const secret = (v as Record<string, unknown>)[`${name}_CLIENT_SECRET`];
      if (!!id !== !!secret)
        ctx.addIssue({ code: "custom", message: `${name}_CLIENT_ID 和 ${name}_CLIENT_SECRET 需要同时设置` });
    }
  });

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.message}`);
    throw new EnvError(`环境变量有误，服务未启动：\n${lines.join("\n")}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR || "data");
  return {
    port: v.PORT,
    dataDir,
    databaseUrl: v.DATABASE_URL || `sqlite:${path.join(dataDir, "site.db")}`,
    database: {
      poolMax: v.DATABASE_POOL_MAX,
      statementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT_MS,
      connectWaitMs: v.DATABASE_CONNECT_WAIT_MS,
    },
    apiOrigin: v.API_ORIGIN,
    redisUrl: v.REDIS_URL,
    siteUrl: v.SITE_URL ?? `http://localhost:${v.PORT}`,
    siteUrlSet: v.SITE_URL !== null,
    trustProxy: v.TRUST_PROXY,
    demoContent: v.DEMO_CONTENT,
    ownerUsername: v.OWNER_USERNAME || null,
    ownerPassword: v.OWNER_PASSWORD || null,
    captcha: v.CAPTCHA,
    webhookAllowHosts: (v.WEBHOOK_ALLOW_HOSTS ?? "")
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    push: pushSettingsOf(v),
    ...pageStore.pageStoreSettingsOf(v),
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    listingCacheMs: v.LISTING_CACHE_MS,
    workers: v.WORKERS,
    nodeOptions: v.NODE_OPTIONS ?? "",
    mallocArenaMax: v.MALLOC_ARENA_MAX ?? "",
    mallocMmapThreshold: v.MALLOC_MMAP_THRESHOLD_ ?? "",
    logLevel: (v.LOG_LEVEL as Env["logLevel"] | undefined) ?? "info",
    ...watchSettingsOf(v),
    ...backupSettingsOf(v, dataDir),
    sms: {
      provider: (v.SMS_PROVIDER as Env["sms"]["provider"] | undefined) || "console",
      accessKeyId: v.SMS_ACCESS_KEY_ID ?? "",
      accessKeySecret: v.SMS_ACCESS_KEY_SECRET ?? "",
      signName: v.SMS_SIGN_NAME ?? "",
      templateId: v.SMS_TEMPLATE_ID ?? "",
      appId: v.SMS_APP_ID ?? "",
      region: v.SMS_REGION || "ap-guangzhou",
      endpoint: v.SMS_ENDPOINT,
    },
    storage:
      v.STORAGE === "s3"
        ? {
            kind: "s3" as const,
            endpoint: v.S3_ENDPOINT,
            region: v.S3_REGION || "us-east-1",
            bucket: v.S3_BUCKET!,
            accessKeyId: v.S3_ACCESS_KEY_ID!,
            secretAccessKey: v.S3_SECRET_ACCESS_KEY!,
            publicUrl: v.S3_PUBLIC_URL?.replace(/\/+$/, "") ?? null,
            // Self-hosted stores (an endpoint is given) want path-style addresses unless told otherwise.
            forcePathStyle: v.S3_FORCE_PATH_STYLE
              ? ["on", "1"].includes(v.S3_FORCE_PATH_STYLE.trim().toLowerCase())
              : v.S3_ENDPOINT !== null,
          }
        : { kind: "local" as const },
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM || `艺社 <noreply@${new URL(v.SITE_URL ?? "http://localhost").hostname}>`,
    oauth: Object.fromEntries(
      oauthProviders.flatMap((p) => {
        const name = p.toUpperCase();
        const raw = v as unknown as Record<string, string | null | undefined>;
        const clientId = raw[`${name}_CLIENT_ID`];
        const clientSecret = raw[`${name}_CLIENT_SECRET`];
        return clientId && clientSecret
          ? [[p, { clientId, clientSecret, server: raw[`OAUTH_SERVER_${name}`] ?? null }]]
          : [];
      }),
    ),
    requireVerified: v.REQUIRE_VERIFIED,
    ai: aiSettingsOf(v),
    checkAnswers: source.NODE_ENV === "test" || source.NODE_ENV === "development",
  };
}
