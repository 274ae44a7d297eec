import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import type { SessionMemo } from "../context.ts";
import type { Session } from "../../contract/views/signin.ts";

let t: TestApi;
let me: Session;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup({ username: "memo" });
});
afterEach(async () => t.close());

/** One page's API calls, made in-process with the page's memo as server.ts makes them. */
const asPage = (sessions: SessionMemo) => (method: string, path: string) =>
  t.api.request(path, { method, headers: { "X-User-Token": me.token } }, { clientIp: "", sessions });
const signedIn = async (res: Response) => ((await res.json()) as { data: unknown }).data !== null;

describe("a page's session memo", () => {
  it("resolves a token once for the page's reads, and afresh after a write", async () => {
    const sessions: SessionMemo = new Map();
    const page = asPage(sessions);
    expect(await signedIn(await page("GET", "/api/user/current"))).toBe(true);
    // The session ends behind the page's back: its reads still see what the page started with…
    await t.db.deleteFrom("user_tokens").execute();
    expect(await signedIn(await page("GET", "/api/user/current"))).toBe(true);
    // …until the page writes, after which it asks the database again.
    await page("POST", "/api/user/checkin");
    expect(await signedIn(await page("GET", "/api/user/current"))).toBe(false);
  });

  it("forgets the session when the page signs out, and is never used without a memo", async () => {
    const sessions: SessionMemo = new Map();
    const page = asPage(sessions);
    expect(await signedIn(await page("GET", "/api/user/current"))).toBe(true);
    await page("GET", "/api/login/signout");
    expect(await signedIn(await page("GET", "/api/user/current"))).toBe(false);
    const other = await t.signup({ username: "plain" });
    await t.db.deleteFrom("user_tokens").execute();
    expect((await t.call("GET", "/api/user/current", { token: other.token })).body.data).toBeNull();
  });
});
