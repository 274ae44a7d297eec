import { defineConfig, devices } from "@playwright/test";

export const e2ePort = Number(process.env.E2E_PORT) || 3210;
const port = e2ePort;
export const e2eDataDir = ".e2e-data";
/**
 * tests/e2e/support/services.ts: a local SMTP server (read over `http`), a local OAuth server as GitHub, and a
 * scripted OpenAI-compatible model (api/test/ai-server.ts) for the site's AI.
 */
export const e2eServices = { http: port + 1, smtp: port + 2, oauth: port + 3, ai: port + 7, wechat: port + 8 };
export const oauthKeys = { clientId: "e2e-client", clientSecret: "e2e-secret" };
/** The site's own output, where the console SMS provider prints the codes the phone journeys read. */
export const serverLog = `${e2eDataDir}/server.log`;
export const ownerLogin = { username: "owner", password: "owner-pass-123" };

/**
 * The site under test. `single` (the default): one process on SQLite with files on disk. `cluster`
 * (E2E_STACK=cluster, tests/e2e/support/stack.ts): two servers on PostgreSQL, Redis and a local S3 store, behind a
 * proxy that sends each request to the other one.
 */
export const e2eStack = process.env.E2E_STACK === "cluster" ? "cluster" : "single";
/** The two servers of the cluster stack, and its store; the proxy listens on the site's own port. */
export const clusterPorts = { s3: port + 4, servers: [port + 5, port + 6] };
const pgAdmin = process.env.E2E_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** Where the site keeps its rows: the tests read captcha codes there, as only a person looking at one could. */
export const e2eDatabaseUrl =
  e2eStack === "cluster" ? pgAdmin.replace(/\/[^/]*$/, "/yishe_e2e") : `sqlite:${e2eDataDir}/site.db`;
export const e2eAdminUrl = pgAdmin;
export const e2eRedisUrl = process.env.E2E_REDIS_URL || "redis://127.0.0.1:6379/9";

/** The settings every server of the site under test starts with. */
export const siteEnv: Record<string, string> = {
  NODE_ENV: "production",
  DATA_DIR: e2eDataDir,
  OWNER_USERNAME: ownerLogin.username,
  OWNER_PASSWORD: ownerLogin.password,
  LOG_LEVEL: "warn",
  SITE_URL: `http://127.0.0.1:${port}`,
  // Each test arrives from an address of its own through this "proxy" (tests/e2e/fixtures.ts).
  TRUST_PROXY: "1",
  SMTP_URL: `smtp://127.0.0.1:${e2eServices.smtp}`,
  GITHUB_CLIENT_ID: oauthKeys.clientId,
  GITHUB_CLIENT_SECRET: oauthKeys.clientSecret,
  OAUTH_SERVER_GITHUB: `http://127.0.0.1:${e2eServices.oauth}`,
  WECHAT_CLIENT_ID: oauthKeys.clientId,
  WECHAT_CLIENT_SECRET: oauthKeys.clientSecret,
  OAUTH_SERVER_WECHAT: `http://127.0.0.1:${e2eServices.wechat}`,
  AI_BASE_URL: `http://127.0.0.1:${e2eServices.ai}/v1`,
  AI_API_KEY: "e2e-ai-key",
  AI_MODEL: "fake-chat",
  AI_REASONING_MODEL: "fake-reasoner",
  AI_TIMEOUT_MS: "5000",
  SENTRY_DSN: `http://e2ekey@127.0.0.1:${e2eServices.http}/1`,
  SENTRY_RELEASE: "e2e-release",
  // The webhooks' test receiver is the services' HTTP server on this machine.
  WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
};

// Debian's Chromium (docs/toolchain.md): Playwright's own browser download does not work on these machines.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // The music test plays audio without a click.
    "--autoplay-policy=no-user-gesture-required",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // What only two servers can show runs only against two. They also run the journeys tagged @cluster, one of each
  // kind of state that must cross from one process to the other: a session, a captcha, an SMS code, a mailed link, an
  // OAuth state, pictures in the store, a draft, a timed work, the inbox's bus. The API suite runs whole on that stack
  // (npm run test:stack); the rest of the browser suite once, here on SQLite: CI was past forty minutes.
  testIgnore: e2eStack === "cluster" ? [] : ["**/stack.spec.ts"],
  ...(e2eStack === "cluster" ? { grep: /@cluster/ } : {}),
  // On CI's two cores, shared by two browsers and the site, a page takes 1–3 s to load: the longest journeys (two
  // members, a report and its queue; a series of three and its order) took 36–46 s, every step passing, and two
  // ended at 45 s on their last lines. A test that hangs still ends within the minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    locale: "zh-CN",
    // A failed test leaves its error and the page's accessibility tree (error-context.md). Recording a trace for every
    // test, kept only on failure, cost 15 % of the suite's time on CI's two cores (works and comments: 111–123 s
    // without, 130–145 with, DOM snapshots or not); E2E_TRACE=1 records them to look into a failure.
    trace: process.env.E2E_TRACE ? { mode: "retain-on-failure", screenshots: false, snapshots: true } : "off",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: [
    {
      command: "node tests/e2e/support/services.ts",
      url: `http://127.0.0.1:${e2eServices.http}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    e2eStack === "cluster"
      ? {
          command: "node tests/e2e/support/stack.ts",
          url: `http://127.0.0.1:${port}/api/config/configs`,
          reuseExistingServer: false,
          timeout: 180_000,
          // It stops its servers and drops its database on SIGTERM.
          gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
        }
      : {
          // A fresh site every run: demo content on, the captcha on (tests read the code from the database).
          command: `rm -rf ${e2eDataDir} && mkdir -p ${e2eDataDir} && node server.ts | tee ${serverLog}`,
          url: `http://127.0.0.1:${port}/api/config/configs`,
          reuseExistingServer: false,
          timeout: 90_000,
          env: { ...siteEnv, PORT: String(port) },
        },
  ],
});
