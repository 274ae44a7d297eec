import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT) || 3210;
export const e2eDataDir = ".e2e-data";
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
  webServer: {
    // A fresh site every run: demo content on, the captcha on (tests read the code from the database).
    command: `rm -rf ${e2eDataDir} && node server.ts`,
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
    },
  },
});
