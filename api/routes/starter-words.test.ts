import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWithCast, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { DashboardView, WordListView } from "../../contract/admin/views.ts";
import { starterWords } from "../lib/starter-words.ts";
import * as api from "../../contract/endpoints.ts";

/** A new site's empty word lists (issue 53): the overview says so, and the owner imports a starter list. */
let t: TestApi;
let owner: Session;
let reader: Session;
beforeEach(async () => {
  ({ t, owner, reader } = await startWithCast());
});
afterEach(async () => t.close());

const as = (s: Session) => ({ token: s.token });
const dashboard = async () => (await t.call<DashboardView>("GET", "/api/admin/dashboard", as(owner))).body.data;
const words = async () => (await t.call<WordListView>("GET", "/api/admin/words", as(owner))).body.data;
const importStarter = (who = owner) => t.call<WordListView>("POST", "/api/admin/words/starter", as(who));

describe("the starter word list", () => {
  it("is offered while the lists are empty, and once imported keeps 法轮功 out of a nickname", async () => {
    expect((await dashboard()).wordsEmpty).toBe(true);
    const free = await t.send(api.signin.signup, {
      body: {
        nickname: "法轮功",
        username: "fl1",
        email: "fl1@example.com",
        password: "secret123",
        rePassword: "secret123",
      },
    });
    expect(free.body.success).toBe(true);
    expect((await importStarter()).body.success).toBe(true);
    expect(await words()).toEqual(starterWords);
    expect((await dashboard()).wordsEmpty).toBe(false);
    const refused = await t.send(api.signin.signup, {
      body: {
        nickname: "学法轮 功的人",
        username: "fl2",
        email: "fl2@example.com",
        password: "secret123",
        rePassword: "secret123",
      },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toContain("法轮功");
  });

  it("merges: a word the owner listed stays in the owner's list, and a second import changes nothing", async () => {
    await t.call("POST", "/api/admin/words", { ...as(owner), body: { refuse: "", review: "代开发票", mask: "" } });
    await importStarter();
    const after = await words();
    expect(after.review[0]).toBe("代开发票");
    expect(after.refuse).not.toContain("代开发票");
    expect(after.refuse).toContain("法轮功");
    await importStarter();
    expect(await words()).toEqual(after);
  });

  it("is for staff only", async () => {
    expect((await importStarter(reader)).status).toBe(403);
    expect((await words()).refuse).toEqual([]);
  });
});
