import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import { messageLimits } from "../../contract/shared/limits.ts";
import type { ChatView, ConversationView } from "../../contract/inbox/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let ann: Session;
let bo: Session;
let cy: Session;
beforeEach(async () => {
  t = await startApi();
  [ann, bo, cy] = [await t.signup(), await t.signup(), await t.signup()];
});
afterEach(async () => t.close());

const send = (from: Session, to: number, content: string) =>
  t.send(api.inbox.send, { body: { userId: to, content } }, { token: from.token });
const chat = async (who: Session, peer: number, query = "") =>
  (await t.call<ChatView>("GET", `/api/message/with/${peer}${query}`, { token: who.token })).body.data;
const list = async (who: Session) =>
  (await t.call<Page<ConversationView>>("GET", "/api/message/conversations", { token: who.token })).body.data;
const unread = async (who: Session) =>
  (await t.send(api.inbox.recent, {}, { token: who.token })).body.data.messageCount;

describe("private messages", () => {
  it("go both ways, list conversations latest first with unread counts, and are read when the conversation is opened", async () => {
    await send(bo, ann.user.id, "你好，想约稿");
    t.setNow(t.now() + 1000);
    await send(cy, ann.user.id, "画得真好");
    t.setNow(t.now() + 1000);
    await send(bo, ann.user.id, "看到请回复 https://example.com/brief");
    const mine = await list(ann);
    expect(mine.results.map((c) => [c.peer.id, c.lastContent, c.unreadCount, c.lastFromMe])).toEqual([
      [bo.user.id, "看到请回复 https://example.com/brief", 2, false],
      [cy.user.id, "画得真好", 1, false],
    ]);
    expect(await unread(ann)).toBe(3);
    // Reading without opening changes nothing.
    await chat(ann, bo.user.id);
    expect(await unread(ann)).toBe(3);
    const opened = await chat(ann, bo.user.id, "?markRead=1");
    expect(opened.messages.results.map((m) => m.content)).toEqual([
      "看到请回复 https://example.com/brief",
      "你好，想约稿",
    ]);
    expect(await unread(ann)).toBe(1);
    t.setNow(t.now() + 1000);
    await send(ann, bo.user.id, "好的");
    expect((await list(bo)).results[0]).toMatchObject({ lastContent: "好的", unreadCount: 1, lastFromMe: false });
    expect((await list(ann)).results[0]).toMatchObject({ lastContent: "好的", unreadCount: 0, lastFromMe: true });
    const theirs = await chat(bo, ann.user.id, "?markRead=1");
    expect(theirs.messages.results.map((m) => [m.senderId, m.read])).toEqual([
      [ann.user.id, false],
      [bo.user.id, true],
      [bo.user.id, true],
    ]);
  });

  it("stay exact when many arrive at once", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(bo, ann.user.id, `第${i}条`)));
    expect(await unread(ann)).toBe(10);
    expect((await list(ann)).results[0].unreadCount).toBe(10);
    expect(await countRows(t, "private_messages")).toBe(10);
  });

  it("refuse yourself, someone who does not exist, empty and over-long text, visitors: nothing is stored", async () => {
    const cases: [Promise<{ status: number; body: { message: string } }>, number, string][] = [
      [send(ann, ann.user.id, "hi"), 400, "不能给自己发私信"],
      [send(ann, 999_999, "hi"), 404, "用户不存在"],
      [send(ann, bo.user.id, "   "), 400, "请输入私信内容"],
      [
        send(ann, bo.user.id, "字".repeat(messageLimits.content + 1)),
        400,
        `私信内容不能超过${messageLimits.content}个字符`,
      ],
      [t.send(api.inbox.send, { body: { userId: "abc", content: "hi" } }, { token: ann.token }), 400, "收信人无效"],
      [t.send(api.inbox.send, { body: { userId: bo.user.id, content: "hi" } }), 401, "请先登录"],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await countRows(t, "private_messages")).toBe(0);
    expect(await countRows(t, "conversations")).toBe(0);
  });

  it("are refused from someone the recipient blocked, until unblocked; the blocker cannot write either", async () => {
    await send(bo, ann.user.id, "第一条");
    await t.send(api.inbox.block, { body: { userId: bo.user.id } }, { token: ann.token });
    const refused = await send(bo, ann.user.id, "还在吗");
    expect([refused.status, refused.body.message]).toEqual([403, "对方已拒收你的私信"]);
    const mine = await send(ann, bo.user.id, "别发了");
    expect([mine.status, mine.body.message]).toEqual([403, "你已将对方拉黑，取消拉黑后才能发私信"]);
    expect(await chat(ann, bo.user.id)).toMatchObject({ blocking: true, blockedBy: false });
    expect(await chat(bo, ann.user.id)).toMatchObject({ blocking: false, blockedBy: true });
    expect(await countRows(t, "private_messages")).toBe(1);
    expect(await unread(ann)).toBe(1);
    const self = await t.send(api.inbox.block, { body: { userId: ann.user.id } }, { token: ann.token });
    expect([self.status, self.body.message]).toEqual([400, "不能拉黑自己"]);
    await t.send(api.inbox.unblock, { body: { userId: bo.user.id } }, { token: ann.token });
    expect((await send(bo, ann.user.id, "好的")).body.success).toBe(true);
  });

  it("are limited to a burst a minute per sender", async () => {
    for (let i = 0; i < messageLimits.perMinute; i++) expect((await send(bo, ann.user.id, `${i}`)).status).toBe(200);
    const over = await send(bo, cy.user.id, "再一条");
    expect([over.status, over.body.message]).toEqual([429, "私信发得太快了，请稍后再试"]);
    expect(await countRows(t, "private_messages")).toBe(messageLimits.perMinute);
  });

  it("page a long conversation with a cursor, newest first", async () => {
    for (let i = 0; i < 35; i++) {
      t.setNow(t.now() + 61_000);
      await send(i % 2 ? ann : bo, i % 2 ? bo.user.id : ann.user.id, `m${i}`);
    }
    const first = await chat(ann, bo.user.id);
    expect(first.messages.results).toHaveLength(30);
    expect(first.messages.results[0].content).toBe("m34");
    const second = await chat(ann, bo.user.id, `?cursor=${first.messages.cursor}`);
    expect(second.messages.results.map((m) => m.content)).toEqual(["m4", "m3", "m2", "m1", "m0"]);
    expect(second.messages.hasMore).toBe(false);
  });
});
