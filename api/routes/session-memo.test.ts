import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import type { SessionMemo } from "../../contract/shared/transport.ts";
import { scores, signin } from "../../contract/endpoints.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup({ username: "memo" });
});
afterEach(async () => t.close());

/** One page's API calls, made in-process with the page's memo as server.ts makes them. */
const asPage = (memo: SessionMemo) => {
  const session = { token: me.token, clientIp: "", origin: "http://yishe.test", memo };
  return {
    signedIn: async () => {
      const outcome = await t.transport.call(signin.current, {}, session);
      return outcome.ok ? outcome.value !== null : outcome.refusal.errorCode;
    },
    checkin: () => t.transport.call(scores.checkin, {}, session),
    signout: () => t.transport.call(signin.signout, {}, session),
  };
};

describe("a page's session memo", () => {
  it("resolves a token once for the page's reads, and afresh after a write", async () => {
    const sessions: SessionMemo = new Map();
    const page = asPage(sessions);
    expect(await page.signedIn()).toBe(true);
    // The session ends behind the page's back: its reads still see what the page started with…
    await t.db.deleteFrom("user_tokens").execute();
    expect(await page.signedIn()).toBe(true);
    // …until the page writes (refused now, the token being gone), after which it asks the database again.
    await page.checkin();
    expect(await page.signedIn()).toBe(1004);
  });

  it("forgets the session when the page signs out, and is never used without a memo", async () => {
    const sessions: SessionMemo = new Map();
    const page = asPage(sessions);
    expect(await page.signedIn()).toBe(true);
    await page.signout();
    expect(await page.signedIn()).toBe(1004);
    const other = await t.signup({ username: "plain" });
    await t.db.deleteFrom("user_tokens").execute();
    expect((await t.send(api.signin.current, {}, { token: other.token })).body.data).toBeNull();
  });
});
