import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
type Built = typeof import("../../server/app.ts");
import { readEnv } from "../../api/config/env.ts";
import { createLogger } from "../../api/lib/log.ts";
import { createSite, type Site } from "../../server/site.ts";
import { signupForm } from "../../api/test/signup.ts";

/**
 * A whole site over the built web (scripts/test-setup.ts builds it) on a fresh data directory: default nodes, an
 * owner, captcha off. `get`/`post` send requests as a browser on this machine would; log lines are kept.
 */
export async function startSite(vars: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-site-"));
  const lines: string[] = [];
  const env = readEnv({
    DATA_DIR: dir,
    DEMO_CONTENT: "0",
    CAPTCHA: "off",
    OWNER_USERNAME: "owner",
    OWNER_PASSWORD: "owner-pass-1",
    LOG_LEVEL: "info",
    // Under test: a page's in-process API answers are checked (api/serve/transport.ts).
    NODE_ENV: "test",
    ...vars,
  });
  const build = await ((await import(path.resolve("build/server/index.js"))) as Built).pages();
  const site: Site = await createSite(
    env,
    createLogger("info", (l) => lines.push(l)),
    build,
  );
  const origin = "http://127.0.0.1:3000";
  const send = (pathname: string, init: RequestInit & { ip?: string } = {}) => {
    const { ip, ...rest } = init;
    return site.fetch(new Request(origin + pathname, { redirect: "manual", ...rest }), { socketIp: ip ?? "127.0.0.1" });
  };
  const form = (values: Record<string, string>) => new URLSearchParams(values);
  return {
    site,
    dir,
    origin,
    lines,
    logged: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    get: (pathname: string, headers: Record<string, string> = {}) => send(pathname, { headers }),
    /** A form post from a page of this site; a plain object is sent form-encoded. */
    post: (pathname: string, body: BodyInit | Record<string, string>, headers: Record<string, string> = {}) =>
      send(pathname, {
        method: "POST",
        headers: { Origin: origin, ...headers },
        body:
          Object.getPrototypeOf(body) === Object.prototype ? form(body as Record<string, string>) : (body as BodyInit),
        duplex: "half",
      } as RequestInit),
    send,
    /** Signs up through the API and answers the token. */
    async member(name: string) {
      const res = await send("/api/login/signup", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: signupForm(name, `画友${name}`),
      });
      const body = (await res.json()) as { data: { token: string; user: { id: number } } };
      return body.data;
    },
    async close() {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestSite = Awaited<ReturnType<typeof startSite>>;

/** A member's inbox event stream held open on `site`: `until` reads on until the text holds `needle`. */
export async function openInbox(site: Site, token: string) {
  const stream = await site.fetch(new Request("http://x/api/user/events", { headers: { "X-User-Token": token } }));
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  return {
    text: () => text,
    async until(needle: string) {
      while (!text.includes(needle)) text += (await reader.read()).value ?? "";
    },
    close: () => reader.cancel(),
  };
}
