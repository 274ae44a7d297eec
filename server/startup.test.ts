import { describe, expect, it } from "vitest";
import { readEnv } from "../api/config/env.ts";
import { startedLine, startupWarnings } from "./startup.ts";

const base = { DATA_DIR: "/tmp/yishe-startup" };

describe("what a start tells its operator", () => {
  it("warns of each setting left at its default, and of none that is set", () => {
    const bare = startupWarnings(readEnv({ ...base, CAPTCHA: "off" }), "production");
    expect(bare).toHaveLength(4);
    expect(bare.join("\n")).toMatch(/SMS_PROVIDER is console/);
    expect(bare.join("\n")).toMatch(/SMTP_URL is not set/);
    expect(bare.join("\n")).toMatch(/CAPTCHA=off/);
    expect(bare.join("\n")).toMatch(/SITE_URL is not set/);
    const set = readEnv({
      ...base,
      SMS_PROVIDER: "aliyun",
      SMS_ACCESS_KEY_ID: "id",
      SMS_ACCESS_KEY_SECRET: "secret",
      SMS_SIGN_NAME: "艺社",
      SMS_TEMPLATE_ID: "SMS_1",
      SMTP_URL: "smtp://mail.example.com:587",
      SITE_URL: "https://yishe.example.com",
    });
    expect(startupWarnings(set, "production")).toEqual([]);
  });

  it("never says SMS_PROVIDER is unset when it was set, to console", () => {
    const [sms] = startupWarnings(readEnv({ ...base, SMS_PROVIDER: "console" }), "production");
    expect(sms).toContain("SMS_PROVIDER is console");
    expect(sms).not.toMatch(/not set/);
  });

  it("spares the development server the production warnings, and gives one line to click", () => {
    expect(startupWarnings(readEnv(base), "development")).toEqual([]);
    expect(startedLine(3000)).toBe("艺社已启动：http://localhost:3000");
    expect(startedLine(3000, "https://yishe.example")).toBe("艺社已启动：https://yishe.example");
  });
});
