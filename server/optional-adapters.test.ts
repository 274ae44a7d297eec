import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-adapters-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SDKS = ["openai", "@aws-sdk/client-s3", "@aws-sdk/lib-storage", "nodemailer"];

/**
 * The packages a site process resolves while it starts and answers an API call, in a process of its own (vitest
 * loads modules its own way): a resolve hook notes each package, then the site is built from `env`.
 */
function packagesLoaded(env: Record<string, string>): string[] {
  const server = new URL("./site.ts", import.meta.url).href;
  const script = `
    import { registerHooks } from "node:module";
    const seen = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        const result = next(specifier, context);
        const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(result.url);
        if (m) seen.add(m[1]);
        return result;
      },
    });
    const { readEnv } = await import(${JSON.stringify(new URL("../api/config/env.ts", import.meta.url).href)});
    const { createLogger } = await import(${JSON.stringify(new URL("../api/lib/log.ts", import.meta.url).href)});
    const { createSite } = await import(${JSON.stringify(server)});
    const env = readEnv(${JSON.stringify({ DATA_DIR: dir, DEMO_CONTENT: "0", CAPTCHA: "off", ...env })});
    const site = await createSite(env, createLogger("silent"), async () => { throw new Error("no build"); });
    await (await site.fetch(new Request("http://localhost/api/art/list?order=newest"))).arrayBuffer();
    await site.close();
    console.log(JSON.stringify([...seen]));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production" },
  });
  return JSON.parse(out.toString().trim().split("\n").at(-1)!) as string[];
}

describe("the adapters an operator may configure", () => {
  it("are not loaded by a site that does not use them: no S3, OpenAI or SMTP SDK in its memory", () => {
    const loaded = packagesLoaded({});
    // The probe sees packages at all (the web's own), so an empty answer cannot pass for a right one.
    expect(loaded).toEqual(expect.arrayContaining(["hono", "kysely", "better-sqlite3"]));
    for (const sdk of SDKS) expect(loaded).not.toContain(sdk);
  });

  it("are loaded when configured: AI_BASE_URL and AI_MODEL bring the OpenAI SDK, and only it", () => {
    const loaded = packagesLoaded({ AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "deepseek-chat" });
    expect(loaded).toContain("openai");
    for (const sdk of SDKS.filter((s) => s !== "openai")) expect(loaded).not.toContain(sdk);
  });
});
