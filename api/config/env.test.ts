import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env.ts";

describe("readEnv", () => {
  it("reads WEBHOOK_ALLOW_HOSTS as a list of lower-case hosts", () => {
    expect(readEnv({ WEBHOOK_ALLOW_HOSTS: " Hooks.Intra , 10.0.0.5\nci.local " }).webhookAllowHosts).toEqual([
      "hooks.intra",
      "10.0.0.5",
      "ci.local",
    ]);
  });

  it("checks in-process answers under tests and in development only", () => {
    expect(readEnv({ NODE_ENV: "production" }).checkAnswers).toBe(false);
    expect(readEnv({ NODE_ENV: "test" }).checkAnswers).toBe(true);
    expect(readEnv({ NODE_ENV: "development" }).checkAnswers).toBe(true);
  });

  it("has safe defaults", () => {
    const env = readEnv({});
    expect(env).toEqual({
      port: 3000,
      dataDir: path.resolve("data"),
      databaseUrl: `sqlite:${path.resolve("data", "site.db")}`,
      database: { poolMax: 10, statementTimeoutMs: 30_000, connectWaitMs: 30_000 },
      storage: { kind: "local" },
      apiOrigin: null,
      redisUrl: null,
      siteUrl: "http://localhost:3000",
      siteUrlSet: false,
      trustProxy: 0,
      demoContent: true,
      ownerUsername: null,
      ownerPassword: null,
      captcha: true,
      webhookAllowHosts: [],
      push: { vapid: null, subject: null },
      pageStore: "disk",
      pageStoreBytes: 256 * 1024 * 1024,
      pageCountsLagMs: 20_000,
      shutdownGraceMs: 8000,
      listingCacheMs: 3000,
      workers: 1,
      nodeOptions: "",
      mallocArenaMax: "",
      mallocMmapThreshold: "",
      logLevel: "info",
      // Watching it: each off until its variable is set (docs/operations.md).
      metrics: { port: 0, host: "127.0.0.1" },
      tracing: null,
      errorReports: null,
      backupDir: path.resolve("data/backups"),
      backupSchedule: null,
      backupKeep: { days: 7, weeks: 4 },
      backupS3: null,
      sms: {
        provider: "console",
        accessKeyId: "",
        accessKeySecret: "",
        signName: "",
        templateId: "",
        appId: "",
        region: "ap-guangzhou",
        endpoint: null,
      },
      smtpUrl: null,
      mailFrom: "艺社 <noreply@localhost>",
      oauth: {},
      requireVerified: false,
      ai: null,
      // NODE_ENV unset: production's way, the answers handed over unchecked.
      checkAnswers: false,
    });
  });

  it("reads the sign-in methods: SMS provider and keys, SMTP, OAuth clients", () => {
    const env = readEnv({
      SITE_URL: "https://yishe.example",
      SMS_PROVIDER: "tencent",
      SMS_ACCESS_KEY_ID: "id",
      SMS_ACCESS_KEY_SECRET: "secret",
      SMS_SIGN_NAME: "艺社",
      SMS_TEMPLATE_ID: "123",
      SMS_APP_ID: "1400000000",
      SMTP_URL: "smtps://u:p@smtp.example:465",
      GITHUB_CLIENT_ID: "gh",
      GITHUB_CLIENT_SECRET: "ghs",
      OAUTH_SERVER_GITHUB: "http://127.0.0.1:9999/",
      WECHAT_CLIENT_ID: "wx0123",
      WECHAT_CLIENT_SECRET: "wxs",
      REQUIRE_VERIFIED: "on",
    });
    expect(env.sms).toMatchObject({ provider: "tencent", appId: "1400000000", templateId: "123" });
    expect(env.smtpUrl).toBe("smtps://u:p@smtp.example:465");
    expect(env.mailFrom).toBe("艺社 <noreply@yishe.example>");
    expect(env.oauth).toEqual({
      github: { clientId: "gh", clientSecret: "ghs", server: "http://127.0.0.1:9999" },
      wechat: { clientId: "wx0123", clientSecret: "wxs", server: null },
    });
    expect(env.requireVerified).toBe(true);
  });

  it.each([
    [
      { SMS_PROVIDER: "aliyun" },
      "SMS_PROVIDER=aliyun 还需要设置 SMS_ACCESS_KEY_ID、SMS_ACCESS_KEY_SECRET、SMS_SIGN_NAME、SMS_TEMPLATE_ID",
    ],
    [{ SMS_PROVIDER: "twilio" }, "SMS_PROVIDER 无效"],
    [{ GITHUB_CLIENT_ID: "only-id" }, "GITHUB_CLIENT_ID 和 GITHUB_CLIENT_SECRET 需要同时设置"],
    [{ WEIBO_CLIENT_SECRET: "only-secret" }, "WEIBO_CLIENT_ID 和 WEIBO_CLIENT_SECRET 需要同时设置"],
    [{ OAUTH_SERVER_WECHAT: "ftp://x" }, "OAUTH_SERVER_WECHAT="],
    [{ SMTP_URL: "http://mail.example" }, "SMTP_URL="],
  ])("stops on an incomplete sign-in setting %j", (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });

  it("stores visitors' pages in Redis when the site has it, else on disk, or where PAGE_STORE says", () => {
    expect(readEnv({ REDIS_URL: "redis://r:6379" }).pageStore).toBe("redis");
    expect(readEnv({ REDIS_URL: "redis://r:6379", PAGE_STORE: "disk" }).pageStore).toBe("disk");
    expect(readEnv({ PAGE_STORE: "off", PAGE_STORE_MB: "64" })).toMatchObject({
      pageStore: "off",
      pageStoreBytes: 64 << 20,
    });
    expect(() => readEnv({ PAGE_STORE: "redis" })).toThrow("PAGE_STORE=redis 需要 REDIS_URL");
  });

  it("reads when backups run, how many stay and where they are copied, refusing what cannot be right", () => {
    const env = readEnv({
      BACKUP_SCHEDULE: "30 3 * * *",
      BACKUP_KEEP: "14d,8w",
      BACKUP_S3_BUCKET: "yishe-backups",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env).toMatchObject({ backupSchedule: "30 3 * * *", backupKeep: { days: 14, weeks: 8 } });
    expect(env.backupS3).toMatchObject({
      bucket: "yishe-backups",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
    expect(readEnv({ BACKUP_KEEP: "3d" }).backupKeep).toEqual({ days: 3, weeks: 0 });
    expect(() => readEnv({ BACKUP_SCHEDULE: "every night" })).toThrow("BACKUP_SCHEDULE 不是有效的 cron 表达式");
    expect(() => readEnv({ BACKUP_SCHEDULE: "61 * * * *" })).toThrow("BACKUP_SCHEDULE");
    expect(() => readEnv({ BACKUP_KEEP: "a week" })).toThrow("BACKUP_KEEP 的格式是 7d,4w");
    expect(() => readEnv({ BACKUP_S3_BUCKET: "b" })).toThrow(
      "BACKUP_S3_BUCKET 还需要设置 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY",
    );
  });

  it("reads the operator's settings", () => {
    const env = readEnv({
      PORT: "8080",
      DATA_DIR: "/srv/d",
      DEMO_CONTENT: "0",
      CAPTCHA: "off",
      OWNER_USERNAME: "boss",
      API_ORIGIN: "http://api:3000/",
      LOG_LEVEL: "warn",
      PAGE_STORE: "off",
      LISTING_CACHE_MS: "0",
      SITE_URL: "https://yishe.example/",
      TRUST_PROXY: "on",
      REDIS_URL: "redis://127.0.0.1:6379",
      DATABASE_POOL_MAX: "40",
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
    });
    expect(env).toMatchObject({
      database: { poolMax: 40, statementTimeoutMs: 0 },
      port: 8080,
      dataDir: "/srv/d",
      databaseUrl: "sqlite:/srv/d/site.db",
      demoContent: false,
      captcha: false,
      ownerUsername: "boss",
      apiOrigin: "http://api:3000",
      logLevel: "warn",
      pageStore: "off",
      listingCacheMs: 0,
      siteUrl: "https://yishe.example",
      siteUrlSet: true,
      trustProxy: 1,
      redisUrl: "redis://127.0.0.1:6379",
    });
  });

  it("takes the same switch spellings everywhere", () => {
    for (const [value, on] of [
      ["on", true],
      ["ON", true],
      ["1", true],
      ["off", false],
      ["0", false],
    ] as const) {
      expect(readEnv({ CAPTCHA: value }).captcha).toBe(on);
      expect(readEnv({ DEMO_CONTENT: value }).demoContent).toBe(on);
    }
    expect(readEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
  });

  it("reads an S3-compatible store, path-style when an endpoint is given", () => {
    const s3 = {
      STORAGE: "s3",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(
      readEnv({ ...s3, S3_ENDPOINT: "http://minio:9000", S3_PUBLIC_URL: "https://cdn.example/m/" }).storage,
    ).toEqual({
      kind: "s3",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      bucket: "media",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example/m",
      forcePathStyle: true,
    });
    expect(readEnv({ ...s3, S3_REGION: "ap-east-1" }).storage).toMatchObject({ endpoint: null, forcePathStyle: false });
    expect(() => readEnv({ STORAGE: "s3", S3_BUCKET: "media" })).toThrow(
      "STORAGE=s3 还需要设置 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY",
    );
  });

  it.each([
    [{ PORT: "30O0" }, "PORT"],
    [{ STORAGE: "disk" }, "STORAGE"],
    [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PAGE_STORE_MB: "3s" }, "PAGE_STORE_MB"],
    [{ PAGE_STORE: "memory" }, "PAGE_STORE"],
    [{ LISTING_CACHE_MS: "120000" }, "LISTING_CACHE_MS"],
    [{ WORKERS: "0" }, "WORKERS"],
    [{ DATABASE_POOL_MAX: "0" }, "DATABASE_POOL_MAX"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "30s" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
    [{ WORKERS: "two" }, "WORKERS"],
    [{ CAPTCHA: "false" }, "CAPTCHA"],
    [{ DEMO_CONTENT: "no" }, "DEMO_CONTENT"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SITE_URL: "yishe.example" }, "SITE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ OWNER_PASSWORD: "short" }, "OWNER_PASSWORD"],
  ])("refuses %o with a message naming the variable", (source, name) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(new RegExp(`${name}.*无效`));
  });

  it("names every wrong variable at once", () => {
    expect(() => readEnv({ PORT: "x", CAPTCHA: "false" })).toThrow(/PORT[\s\S]*CAPTCHA/);
  });
});

describe("watching settings", () => {
  it("read OpenTelemetry's standard variables, the metrics address and the error service", () => {
    const env = readEnv({
      METRICS_PORT: "9464",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      SENTRY_DSN: "https://abc123@glitchtip.example.cn/4",
    });
    expect(env.metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(env.tracing).toEqual({ endpoint: "http://collector:4318", serviceName: "yishe", sampleRatio: 0.25 });
    expect(env.errorReports).toEqual({ dsn: "https://abc123@glitchtip.example.cn/4", release: null });
    const off = readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" });
    expect(off.tracing).toBeNull();
  });

  it("refuse a DSN or a sampling share that cannot be right, naming the variable", () => {
    expect(() => readEnv({ SENTRY_DSN: "glitchtip.example.cn" })).toThrow(/SENTRY_DSN 无效/);
    expect(() => readEnv({ OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG 无效/);
    expect(() => readEnv({ METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
  });
});
