import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countRows, insertNode, startApi, type TestApi } from "../test/harness.ts";
import { hubOf } from "../services/inbox/live.ts";
import type { MsgRecent, NotificationView } from "../../contract/inbox/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as declared from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let ann: Session;
let bo: Session;
let cy: Session;
let node: number;
let work: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "siteowner" });
  ann = await t.signup({ username: "anne", nickname: "安妮" });
  bo = await t.signup({ username: "bob", nickname: "阿波" });
  cy = await t.signup({ username: "cyan", nickname: "小西" });
  await t.season();
  node = await insertNode(t, "插画");
  work = await publish(ann, "安妮的画");
});
afterEach(async () => t.close());

async function publish(who: Session, title: string) {
  const res = await t.send(
    declared.works.create,
    { body: { type: 0, nodeId: node, title, content: "正文" } },
    { token: who.token },
  );
  return res.body.data.artId;
}
const notes = async (who: Session, query = "") =>
  (await t.call<Page<NotificationView>>("GET", `/api/notification/list${query}`, { token: who.token })).body.data;
const recent = async (who: Session) => (await t.send(declared.inbox.recent, {}, { token: who.token })).body.data;
const comment = (who: Session, content: string, replyTo?: number) =>
  t.send(
    declared.comments.create,
    { body: { workId: work, content, ...(replyTo ? { replyTo } : {}) } },
    { token: who.token },
  );

describe("notifications", () => {
  it("tells the author of a like and a favorite once, however often they are repeated, and never of their own", async () => {
    for (let i = 0; i < 3; i++) {
      await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
      await t.send(declared.works.unlike, { params: { id: work } }, { token: bo.token });
    }
    await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
    await t.send(declared.works.favorite, { params: { id: work } }, { token: bo.token });
    await t.send(declared.works.like, { params: { id: work } }, { token: ann.token });
    const list = (await notes(ann)).results;
    expect(list.map((n) => [n.kind, n.actor?.nickname, n.work?.title, n.read])).toEqual([
      ["favorite", "阿波", "安妮的画", false],
      ["like", "阿波", "安妮的画", false],
    ]);
    expect((await recent(ann)).count).toBe(2);
    expect((await recent(bo)).count).toBe(0);
  });

  it("tells the author of a comment, the one answered of a reply, and those @named of a mention, each once", async () => {
    const first = (await comment(bo, "好看！")).body.data.commentId;
    await comment(cy, "同意 @阿波 和 @anne，还有 @nobody", first);
    await comment(ann, "谢谢 @cyan", first);
    // cyan's reply to bob named anne too: as the work's author she hears of it once, as a comment.
    expect((await notes(ann)).results.map((n) => [n.kind, n.actor?.username])).toEqual([
      ["comment", "cyan"],
      ["comment", "bob"],
    ]);
    expect((await notes(bo)).results.map((n) => [n.kind, n.actor?.username, n.comment])).toEqual([
      ["reply", "anne", "谢谢 @cyan"],
      ["reply", "cyan", "同意 @阿波 和 @anne，还有 @nobody"],
    ]);
    expect((await notes(cy)).results.map((n) => [n.kind, n.actor?.username])).toEqual([["mention", "anne"]]);
  });

  it("tells of a new follower once (follow, unfollow, follow), and an admin's removal of a work", async () => {
    for (const path of ["follow", "unfollow", "follow"])
      await t.call("POST", `/api/fans/${path}`, { body: { userId: ann.user.id }, token: bo.token });
    await t.send(declared.works.delete, { params: { id: work } }, { token: owner.token });
    const own = await publish(ann, "自己删的");
    await t.send(declared.works.delete, { params: { id: own } }, { token: ann.token });
    expect((await notes(ann)).results.map((n) => [n.kind, n.work?.title ?? null])).toEqual([
      ["removed", "安妮的画"],
      ["follow", null],
    ]);
  });

  it("tells nothing of what a blocked person does, and still tells of an admin's decision", async () => {
    await t.send(declared.inbox.block, { body: { userId: bo.user.id } }, { token: ann.token });
    await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
    await t.send(declared.works.favorite, { params: { id: work } }, { token: bo.token });
    await comment(bo, "@anne 看这里");
    await t.send(declared.people.follow, { body: { userId: ann.user.id } }, { token: bo.token });
    await t.send(declared.works.like, { params: { id: work } }, { token: cy.token });
    await t.send(declared.works.delete, { params: { id: work } }, { token: owner.token });
    expect((await notes(ann)).results.map((n) => [n.kind, n.actor?.username ?? null])).toEqual([
      ["removed", "siteowner"],
      ["like", "cyan"],
    ]);
  });

  it("marks one or all read, refuses someone else's, and opening the list marks nothing", async () => {
    await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
    await t.send(declared.works.like, { params: { id: work } }, { token: cy.token });
    const [a, b] = (await notes(ann)).results;
    await notes(ann);
    expect((await recent(ann)).notificationCount).toBe(2);
    const theirs = await t.send(
      declared.inbox.readNotification,
      { body: { id: a.notificationId } },
      { token: bo.token },
    );
    expect([theirs.status, theirs.body.message]).toEqual([404, "通知不存在"]);
    const bad = await t.send(declared.inbox.readNotification, { body: { id: "x" } }, { token: ann.token });
    expect([bad.status, bad.body.message]).toEqual([400, "通知无效"]);
    expect((await recent(ann)).notificationCount).toBe(2);
    const read = await t.send(
      declared.inbox.readNotification,
      { body: { id: a.notificationId } },
      { token: ann.token },
    );
    expect(read.body.data).toMatchObject({ notificationId: a.notificationId, read: true, work: { artId: work } });
    expect((await notes(ann)).results.map((n) => n.read)).toEqual([true, false]);
    expect((await notes(ann, "?unread=1")).results.map((n) => n.notificationId)).toEqual([b.notificationId]);
    const all = await t.send(declared.inbox.readAllNotifications, {}, { token: ann.token });
    expect(all.body.data.marked).toBe(1);
    expect((await recent(ann)).count).toBe(0);
  });

  it("pages newest first with a cursor", async () => {
    const fans = await Promise.all(Array.from({ length: 23 }, () => t.signup()));
    await t.season();
    for (const [i, f] of fans.entries()) {
      t.setNow(t.now() + 1000 * (i + 1));
      await t.send(declared.people.follow, { body: { userId: ann.user.id } }, { token: f.token });
    }
    const first = await notes(ann);
    expect(first.results).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await notes(ann, `?cursor=${first.cursor}`);
    expect(second.hasMore).toBe(false);
    expect(second.results.at(-1)?.actor?.id).toBe(fans[0].user.id);
    const all = [...first.results, ...second.results];
    // 23 followers, and the level their pay (2 each, with 10 for publishing) reached on the way: 24 in all.
    expect(all.map((n) => n.kind).filter((k) => k === "follow")).toHaveLength(23);
    expect(all.filter((n) => n.kind === "level").map((n) => n.detail)).toEqual(["Lv2 小试身手"]);
    expect(new Set(all.map((n) => n.notificationId)).size).toBe(24);
  });

  it("needs sign-in", async () => {
    for (const [method, path] of [
      ["GET", "/api/user/msgrecent"],
      ["GET", "/api/notification/list"],
      ["POST", "/api/notification/readall"],
      ["GET", "/api/user/events"],
    ] as const) {
      const res = await t.call(method, path);
      expect([path, res.status, res.body.message]).toEqual([path, 401, "请先登录"]);
    }
    expect(await countRows(t, "notifications")).toBe(0);
  });
});

describe("msgrecent (requirements §7)", () => {
  it("answers the unread count and the latest unread items, notifications and messages together", async () => {
    await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
    t.setNow(t.now() + 1000);
    await t.send(declared.inbox.send, { body: { userId: ann.user.id, content: "你好" } }, { token: cy.token });
    t.setNow(t.now() + 1000);
    await t.send(declared.inbox.send, { body: { userId: ann.user.id, content: "在吗" } }, { token: cy.token });
    const r = await recent(ann);
    expect([r.count, r.notificationCount, r.messageCount]).toEqual([3, 1, 2]);
    expect(r.messages.map((m) => (m.type === "message" ? m.conversation.lastContent : m.notification.kind))).toEqual([
      "在吗",
      "like",
    ]);
  });
});

describe("the inbox stream (GET /api/user/events)", () => {
  /** Reads server-sent events off a response as they come. */
  function events(res: Response) {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    return {
      async next(): Promise<{ event: string; data: MsgRecent }> {
        for (;;) {
          const end = buffer.indexOf("\n\n");
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) return { event, data: JSON.parse(data) };
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended");
          buffer += value;
        }
      },
      cancel: () => reader.cancel(),
    };
  }
  const open = (who: Session) =>
    t.api.request("/api/user/events", { headers: { "X-User-Token": who.token, "X-Client": "vitest" } });

  it("sends the state at once, then each change to the inbox after it is committed, and lets go when closed", async () => {
    const res = await open(ann);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const stream = events(res);
    expect((await stream.next()).data.count).toBe(0);
    await t.send(declared.works.like, { params: { id: work } }, { token: bo.token });
    const after = await stream.next();
    expect([after.event, after.data.count, after.data.messages[0]]).toMatchObject([
      "unread",
      1,
      { type: "notification", notification: { kind: "like", actor: { id: bo.user.id } } },
    ]);
    await t.send(declared.inbox.send, { body: { userId: ann.user.id, content: "嗨" } }, { token: cy.token });
    expect((await stream.next()).data).toMatchObject({ count: 2, messageCount: 1 });
    await t.send(declared.inbox.readAllNotifications, {}, { token: ann.token });
    expect((await stream.next()).data.count).toBe(1);
    expect(hubOf(t.deps).count(ann.user.id)).toBe(1);
    await stream.cancel();
    expect(hubOf(t.deps).count(ann.user.id)).toBe(0);
  });

  it.each([
    [
      "signing out",
      (who: Session) => t.send(declared.signin.signout, { query: { userToken: who.token } }, { token: who.token }),
    ],
    [
      "a password change",
      async () => {
        // From another session of the same person: every other session ends, the stream's among them.
        const other = await t.send(declared.signin.signin, { body: { username: "bob", password: "secret123" } });
        const changed = await t.send(
          declared.account.password,
          { body: { oldPassword: "secret123", password: "secret456", rePassword: "secret456" } },
          { token: other.body.data.token },
        );
        expect(changed.body.success).toBe(true);
      },
    ],
  ])("ends a stream whose session ended by %s, telling it nothing more", async (_, end) => {
    const stream = events(await open(bo));
    await stream.next();
    await end(bo);
    await t.send(declared.inbox.send, { body: { userId: bo.user.id, content: "私密的话" } }, { token: cy.token });
    await expect(stream.next()).rejects.toThrow("stream ended");
    expect(hubOf(t.deps).count(bo.user.id)).toBe(0);
  });

  it("ends at once when its session is signed out, with nothing else happening (no heartbeat waited for)", async () => {
    const stream = events(await open(bo));
    await stream.next();
    await t.send(declared.signin.signout, { query: { userToken: bo.token } }, { token: bo.token });
    // Well inside the 25 s heartbeat: the sign-out itself told the stream's process, whichever it is.
    const ended = await Promise.race([
      stream.next().then(
        () => "told something",
        () => "ended",
      ),
      new Promise((r) => setTimeout(() => r("still open"), 3000)),
    ]);
    expect(ended).toBe("ended");
  });

  it("does not tell one person's page about another's inbox", async () => {
    const stream = events(await open(bo));
    await stream.next();
    await t.send(declared.works.like, { params: { id: work } }, { token: cy.token });
    await t.send(declared.people.follow, { body: { userId: bo.user.id } }, { token: cy.token });
    const next = await stream.next();
    expect(next.data.messages.map((m) => m.type === "notification" && m.notification.kind)).toEqual(["follow"]);
    await stream.cancel();
  });
});

describe("an admin's recommendation (编辑推荐)", () => {
  const recommend = (who: Session, id: number, on = true) =>
    t.call("POST", `/api/admin/art/${on ? "recommend" : "unrecommend"}/${id}`, { token: who.token });
  const detail = async (id: number) => (await t.send(declared.works.detail, { params: { id } })).body.data;

  it("marks the work, tells its author and pays them once, however often it is taken back and given again", async () => {
    for (const on of [true, false, true]) expect((await recommend(owner, work, on)).status).toBe(200);
    expect((await detail(work)).recommended).toBe(true);
    expect((await notes(ann)).results.map((n) => [n.kind, n.work?.title])).toEqual([["recommend", "安妮的画"]]);
    const ledger = await t.db
      .selectFrom("score_ledger")
      .select(["reason", "delta"])
      .where("user_id", "=", ann.user.id)
      .execute();
    expect(ledger.filter((e) => e.reason === "recommended")).toEqual([{ reason: "recommended", delta: 20 }]);
    await recommend(owner, work, false);
    expect((await detail(work)).recommended).toBe(false);
  });

  it("is for the owner and admins only, and for works that exist", async () => {
    const member = await recommend(bo, work);
    expect([member.status, member.body.message]).toEqual([403, "没有权限进行此操作"]);
    const visitor = await t.send(declared.admin.recommend, { params: { id: work } });
    expect(visitor.status).toBe(401);
    const ghost = await recommend(owner, 999_999);
    expect([ghost.status, ghost.body.message]).toEqual([404, "作品不存在或已删除"]);
    expect((await detail(work)).recommended).toBe(false);
    expect(await countRows(t, "notifications")).toBe(0);
  });
});
