import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "./env.ts";

describe("readEnv", () => {
  it("has safe defaults", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ port: 3000, pageCacheMs: 3000, apiOrigin: null, demoContent: true, captcha: true, ownerUsername: null, production: false, logLevel: "info" });
    expect(env.dataDir).toBe(path.resolve("data"));
    expect(env.databaseUrl).toBe(`sqlite:${path.resolve("data", "site.db")}`);
  });

  it("reads the operator's settings", () => {
    const env = readEnv({ PORT: "8080", DATA_DIR: "/srv/d", DEMO_CONTENT: "0", CAPTCHA: "off", OWNER_USERNAME: "boss", API_ORIGIN: "http://api:3000/", LOG_LEVEL: "warn", PAGE_CACHE_MS: "0" });
    expect(env).toMatchObject({ port: 8080, dataDir: "/srv/d", databaseUrl: "sqlite:/srv/d/site.db", demoContent: false, captcha: false, ownerUsername: "boss", apiOrigin: "http://api:3000", logLevel: "warn", pageCacheMs: 0 });
  });

  it("turns the captcha off only when told exactly", () => {
    expect(readEnv({ CAPTCHA: "0" }).captcha).toBe(true);
    expect(readEnv({ CAPTCHA: "false" }).captcha).toBe(true);
  });
});
