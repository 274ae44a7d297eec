import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { MailChoicesView } from "../../contract/jobs/jobs.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

/** 邮件通知 (issue 55): chosen kinds only, to verified addresses, in a daily digest one click turns off. */
let t: TestApi;
let author: Session;
let reader: Session;
let workId: number;
beforeEach(async () => {
  t = await startApi();
  author = await t.signup({ email: "author@example.com" });
  reader = await t.signup();
  workId = await insertWork(t, { userId: author.user.id, title: "晨雾" });
});
afterEach(() => t.close());

const choose = (kinds: string[], token = author.token) => {
  const body = new FormData();
  for (const k of kinds) body.append("kinds", k);
  return t.call<MailChoicesView>("POST", "/api/user/mail-choices", { token, body });
};
const digests = () => t.outbox.mail.filter((m) => m.subject.includes("条新通知"));
async function dailyDigest() {
  t.setNow(t.now() + 21 * 3_600_000);
  await t.jobs.send("notices.digest", {});
  await t.jobs.runDue(t.handlers);
}
async function commentAndLike() {
  await t.send(api.comments.create, { body: { workId, content: "颜色真好" } }, { token: reader.token });
  await t.send(api.works.like, { params: { id: workId } }, { token: reader.token });
}

describe("notification digests by mail", () => {
  it("sends nothing to a member who chose nothing", async () => {
    await t.verifyEmail("author@example.com");
    await commentAndLike();
    await dailyDigest();
    expect(digests()).toEqual([]);
    expect((await t.send(api.account.mailChoices, {}, { token: author.token })).body.data).toMatchObject({
      kinds: [],
      emailVerified: true,
    });
  });

  it("mails the chosen kinds once a day, with a one-click unsubscribe that works without signing in", async () => {
    await t.verifyEmail("author@example.com");
    expect((await choose(["comment"])).body.data.kinds).toEqual(["comment"]);
    await commentAndLike();
    await dailyDigest();
    const [mail] = digests();
    expect(mail.to).toBe("author@example.com");
    expect(mail.subject).toBe("【艺社】你有 1 条新通知");
    expect(mail.text).toContain("评论了你的作品《晨雾》");
    expect(mail.text).not.toContain("赞了");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const off = new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"])![1]);
    // A second run the same day sends nothing more.
    await t.jobs.send("notices.digest", {});
    await t.jobs.runDue(t.handlers);
    expect(digests()).toHaveLength(1);

    const wrong = await t.send(api.site.unsubscribe, {
      query: { u: off.searchParams.get("u"), k: "x".repeat(24) },
      body: { "List-Unsubscribe": "One-Click" },
    });
    expect(wrong.body.data).toEqual({ off: false });
    const right = await t.call<{ off: boolean }>("POST", `/api/mail/unsubscribe${off.search}`, {
      body: { "List-Unsubscribe": "One-Click" },
    });
    expect(right.body.data).toEqual({ off: true });
    await commentAndLike();
    await dailyDigest();
    expect(digests()).toHaveLength(1);
  });

  it("words the site's notices of originals: a claim about one's work", async () => {
    await t.verifyEmail("author@example.com");
    await choose(["system"]);
    const claim = { target: "work", targetId: workId, reason: "copyright", original: "/art/1", detail: "我的原图" };
    expect((await t.call("POST", "/api/report", { body: claim, token: reader.token })).body.success).toBe(true);
    await dailyDigest();
    expect(digests()[0].text).toContain("艺社转达了一份关于你作品的版权申诉《晨雾》");
  });

  it("mails no address that is not verified", async () => {
    await choose(["comment", "like"]);
    await commentAndLike();
    await dailyDigest();
    expect(digests()).toEqual([]);
  });

  it("refuses a kind that does not exist, changing nothing", async () => {
    await choose(["like"]);
    const bad = await choose(["like", "<script>"]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("没有这种通知");
    expect((await t.send(api.account.mailChoices, {}, { token: author.token })).body.data.kinds).toEqual(["like"]);
    const stranger = await t.send(api.account.saveMailChoices, { body: { kinds: "like" } });
    expect(stranger.status).toBe(401);
  });
});
