import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT) || 3210;
export const e2eDataDir = ".e2e-data";
/** tests/e2e/support/services.ts: a local SMTP server (read over `http`) and a local OAuth server as GitHub. */
export const e2eServices = { http: port + 1, smtp: port + 2, oauth: port + 3 };
export const oauthKeys = { clientId: "e2e-client", clientSecret: "e2e-secret" };
/** The site's own output, where the console SMS provider prints the codes the phone journeys read. */
export const serverLog = `${e2eDataDir}/server.log`;
export const ownerLogin = { username: "owner", password: "owner-pass-123" };

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    locale: "zh-CN",
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: [
    {
      command: "node tests/e2e/support/services.ts",
      url: `http://127.0.0.1:${e2eServices.http}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh site every run: demo content on, the captcha on (tests read the code from the database).
      command: `rm -rf ${e2eDataDir} && mkdir -p ${e2eDataDir} && node server.ts | tee ${serverLog}`,
      url: `http://127.0.0.1:${port}/api/config/configs`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
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
      },
    },
  ],
});
