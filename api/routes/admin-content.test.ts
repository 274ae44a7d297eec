import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countRows, startApi, startWithCast, type TestApi } from "../test/harness.ts";
import type { NotificationView } from "../../contract/inbox/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView, WorkDetailView } from "../../contract/works/views.ts";
import type { AdminNodeView, BulkResult, DashboardView, ReportView } from "../../contract/admin/views.ts";
import type { Numbered } from "../../contract/shared/page.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let author: Session;
let reader: Session;
let nodeId: number;
beforeEach(async () => {
  ({ t, owner, author, reader, nodeId } = await startWithCast());
});
afterEach(async () => t.close());

const as = (s: Session) => ({ token: s.token });
const publish = async (s: Session, content = "一幅新画", extra: Record<string, string | number> = {}) =>
  t.call<{ artId: number; held: boolean }>("POST", "/api/art/create", {
    ...as(s),
    body: { type: 1, content, nodeId, ...extra },
  });
const works = (s: Session, body: Record<string, string | number>) =>
  t.call<BulkResult>("POST", "/api/admin/works", { ...as(s), body });
const detail = (id: number, s?: Session) => t.call<WorkDetailView>("GET", `/api/art/${id}`, s ? as(s) : {});
const nodeCount = async () => (await t.send(api.works.nodes, {})).body.data.find((n) => n.nodeId === nodeId)?.workCount;
const notes = async (s: Session) =>
  (await t.call<Page<NotificationView>>("GET", "/api/notification/list", as(s))).body.data.results;

describe("works and comments", () => {
  it("hides a work with a reason: the author is told and still sees it; others do not; restore brings it back", async () => {
    const { artId } = (await publish(author)).body.data;
    expect(await nodeCount()).toBe(1);
    expect((await works(owner, { ids: String(artId), action: "hide", reason: "" })).body.message).toBe(
      "请填写原因，作者会看到它",
    );
    expect((await works(owner, { ids: String(artId), action: "hide", reason: "画面不适" })).body.data).toEqual({
      done: 1,
      skipped: [],
    });
    expect((await detail(artId, reader)).status).toBe(404);
    expect((await detail(artId, author)).body.data.state).toEqual({ status: 2, reason: "画面不适" });
    // Its page, comments and all, still opens for its author and staff.
    const comments = (s?: Session) => t.call("GET", `/api/comment/list?workId=${artId}`, s ? as(s) : {});
    expect((await comments(author)).status).toBe(200);
    expect((await comments(owner)).status).toBe(200);
    expect((await comments(reader)).status).toBe(404);
    expect((await comments()).status).toBe(404);
    expect(await nodeCount()).toBe(0);
    expect((await notes(author))[0]).toMatchObject({ kind: "hidden", detail: "画面不适" });
    await works(owner, { ids: String(artId), action: "restore" });
    expect((await detail(artId, reader)).body.data.state).toBeNull();
    expect(await nodeCount()).toBe(1);
  });

  it("acts on a selection, reporting what it could not do, and moves, pins and deletes", async () => {
    const a = (await publish(author)).body.data.artId;
    const b = (await publish(author, "第二幅")).body.data.artId;
    const other = (
      await t.call<{ nodeId: number }>("POST", "/api/admin/nodes", { ...as(owner), body: { name: "摄影" } })
    ).body.data.nodeId;
    await works(owner, { ids: String(a), action: "hide", reason: "x" });
    const res = (await works(owner, { ids: `${a},${b},999999`, action: "hide", reason: "批量" })).body.data;
    expect(res.done).toBe(1);
    expect(res.skipped).toEqual([
      { id: a, message: "作品已隐藏或已删除" },
      { id: 999999, message: "作品不存在或已删除" },
    ]);
    await works(owner, { ids: `${a},${b}`, action: "restore" });
    expect((await works(owner, { ids: String(a), action: "move" })).body.message).toBe("请选择要移到的节点");
    expect((await works(owner, { ids: String(a), action: "move", nodeId: 999999 })).body.message).toBe("节点不存在");
    await works(owner, { ids: String(a), action: "move", nodeId: other });
    expect((await detail(a)).body.data.node?.nodeId).toBe(other);
    expect(await nodeCount()).toBe(1);
    await works(owner, { ids: String(b), action: "pin" });
    const list = (
      await t.call<{ results: { artId: number; pinned: boolean }[] }>(
        "GET",
        `/api/admin/works?nodeId=${nodeId}`,
        as(owner),
      )
    ).body.data;
    expect(list.results.map((w) => [w.artId, w.pinned])).toEqual([[b, true]]);
    expect((await works(owner, { ids: String(b), action: "delete", reason: "重复发布" })).body.data.done).toBe(1);
    expect((await notes(author))[0]).toMatchObject({ kind: "removed", detail: "重复发布" });
    expect((await detail(b, author)).status).toBe(404);
  });

  it("heads the node's newest list with its pinned works, listed once, and only there", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await publish(author, `第${i}幅`)).body.data.artId);
    const [oldest, , , newest] = ids;
    await works(owner, { ids: String(oldest), action: "pin" });
    const list = async (q: string) =>
      (await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=newest&${q}`)).body.data;
    const first = await list(`nodeId=${nodeId}&limit=2`);
    expect(first.results.map((w) => [w.artId, w.pinned ?? false])).toEqual([
      [oldest, true],
      [newest, false],
      [ids[2], false],
    ]);
    const rest = await list(`nodeId=${nodeId}&limit=2&cursor=${first.cursor}`);
    expect(rest.results.map((w) => w.artId)).toEqual([ids[1]]);
    // Elsewhere the pinned work is in its place by date, unmarked.
    expect((await list("limit=10")).results.map((w) => [w.artId, w.pinned ?? false])).toEqual(
      [...ids].reverse().map((id) => [id, false]),
    );
    await works(owner, { ids: String(oldest), action: "unpin" });
    expect((await list(`nodeId=${nodeId}`)).results.map((w) => w.artId)).toEqual([...ids].reverse());
  });

  it("hides and restores comments, keeping the work's count", async () => {
    const { artId } = (await publish(author)).body.data;
    const c = (
      await t.call<{ commentId: number }>("POST", "/api/comment/create", {
        ...as(reader),
        body: { workId: artId, content: "不友善的话" },
      })
    ).body.data.commentId;
    const count = async () => (await detail(artId)).body.data.commentCount;
    expect(await count()).toBe(1);
    await t.call("POST", "/api/admin/comments", {
      ...as(owner),
      body: { ids: String(c), action: "hide", reason: "人身攻击" },
    });
    expect(await count()).toBe(0);
    expect((await notes(reader))[0]).toMatchObject({ kind: "hidden", commentId: c, detail: "人身攻击" });
    const listed = (
      await t.call<{ results: { commentId: number; status: number }[] }>(
        "GET",
        "/api/admin/comments?state=hidden",
        as(owner),
      )
    ).body.data;
    expect(listed.results.map((r) => r.commentId)).toEqual([c]);
    await t.call("POST", "/api/admin/comments", { ...as(owner), body: { ids: String(c), action: "restore" } });
    expect(await count()).toBe(1);
  });
});

describe("nodes and tags", () => {
  it("creates, renames, reorders and hides nodes; a hidden node takes no new works", async () => {
    const second = (
      await t.call<{ nodeId: number }>("POST", "/api/admin/nodes", {
        ...as(owner),
        body: { name: "摄影", logo: "javascript:x" },
      })
    ).body;
    expect(second.message).toBe("图标地址需以 / 或 http(s):// 开头");
    const photo = (
      await t.call<{ nodeId: number }>("POST", "/api/admin/nodes", { ...as(owner), body: { name: "摄影" } })
    ).body.data.nodeId;
    expect((await t.call("POST", "/api/admin/nodes", { ...as(owner), body: { name: "插画" } })).body.message).toBe(
      "已有同名节点",
    );
    await t.call("POST", `/api/admin/nodes/${photo}/move`, { ...as(owner), body: { direction: "up" } });
    const names = async () => (await t.send(api.works.nodes, {})).body.data.map((n) => n.name);
    expect(await names()).toEqual(["摄影", "插画"]);
    expect(
      (await t.call("POST", `/api/admin/nodes/${photo}/move`, { ...as(owner), body: { direction: "up" } })).body
        .message,
    ).toBe("已经是第一个了");
    await t.call("POST", `/api/admin/nodes/${photo}`, { ...as(owner), body: { name: "光影", description: "照片" } });
    await t.call("POST", `/api/admin/nodes/${photo}/visibility`, { ...as(owner), body: { hidden: "on" } });
    expect(await names()).toEqual(["插画"]);
    const admin = (await t.call<AdminNodeView[]>("GET", "/api/admin/nodes", as(owner))).body.data;
    expect(admin.map((n) => [n.name, n.hidden])).toEqual([
      ["光影", true],
      ["插画", false],
    ]);
    expect((await publish(author, "x", { nodeId: photo })).body.message).toBe("节点不存在");
  });

  it("renames and merges tags; a tag never merges into itself", async () => {
    await publish(author, "一", { tags: "水彩" });
    await publish(author, "二", { tags: "水彩画, 风景" });
    const tags = async () =>
      (
        await t.call<{ results: { tagId: number; name: string; workCount: number }[] }>(
          "GET",
          "/api/admin/tags",
          as(owner),
        )
      ).body.data.results;
    const id = async (name: string) => (await tags()).find((x) => x.name === name)!.tagId;
    const [a, b] = [await id("水彩"), await id("水彩画")];
    expect((await t.call("POST", `/api/admin/tags/${a}/merge`, { ...as(owner), body: { into: a } })).body.message).toBe(
      "不能把标签合并到它自己",
    );
    expect(
      (await t.call("POST", `/api/admin/tags/${b}/rename`, { ...as(owner), body: { name: "水彩" } })).body.message,
    ).toBe("已有标签“水彩”，请用合并");
    expect((await t.call("POST", `/api/admin/tags/${b}/merge`, { ...as(owner), body: { into: a } })).body.success).toBe(
      true,
    );
    expect((await tags()).map((x) => [x.name, x.workCount]).sort()).toEqual([
      ["水彩", 2],
      ["风景", 1],
    ]);
    await t.call("POST", `/api/admin/tags/${a}/rename`, { ...as(owner), body: { name: "水彩画" } });
    expect((await tags()).map((x) => x.name).sort()).toEqual(["水彩画", "风景"]);
  });
});

describe("reports", () => {
  it("takes a report once, queues it, and tells the reporter what was done", async () => {
    const { artId } = (await publish(author)).body.data;
    const report = (s: Session, body: Record<string, string | number>) =>
      t.call("POST", "/api/report", { ...as(s), body });
    expect((await t.send(api.site.report, { body: { target: "work", targetId: artId, reason: "spam" } })).status).toBe(
      401,
    );
    expect((await report(author, { target: "work", targetId: artId, reason: "spam" })).body.message).toBe(
      "不能举报自己或自己的内容",
    );
    expect((await report(reader, { target: "work", targetId: artId, reason: "other" })).body.message).toBe(
      "选择“其他”时请写明原因",
    );
    expect((await report(reader, { target: "work", targetId: 999999, reason: "spam" })).status).toBe(404);
    expect(
      (await report(reader, { target: "work", targetId: artId, reason: "spam", detail: "广告" })).body.success,
    ).toBe(true);
    expect((await report(reader, { target: "work", targetId: artId, reason: "spam" })).status).toBe(409);
    for (const url of ["//evil.example", "/.//evil.example", "/a/..//evil.example", "/%2e//evil.example"])
      expect((await report(reader, { target: "page", url, reason: "broken" })).body.message).toBe("页面地址无效");
    expect((await report(reader, { target: "page", url: "/art/1", reason: "broken" })).body.success).toBe(true);
    const queue = (await t.call<Numbered<ReportView>>("GET", "/api/admin/reports?status=open", as(owner))).body.data;
    expect(queue.results.map((r) => [r.target, r.url])).toEqual([
      ["page", "/art/1"],
      ["work", `/art/${artId}`],
    ]);
    const id = queue.results[1].reportId;
    expect(
      (await t.call("POST", `/api/admin/reports/${id}`, { ...as(owner), body: { action: "hide" } })).body.success,
    ).toBe(true);
    expect((await detail(artId, reader)).status).toBe(404);
    expect((await notes(reader))[0]).toMatchObject({ kind: "report", detail: "已隐藏被举报的作品" });
    expect(
      (await t.call("POST", `/api/admin/reports/${id}`, { ...as(owner), body: { action: "dismiss" } })).body.message,
    ).toBe("这条举报已经处理过了");
    const dash = (await t.call<DashboardView>("GET", "/api/admin/dashboard", as(owner))).body.data;
    expect(dash.openReports).toBe(1);
    expect(dash.days).toHaveLength(30);
    expect(dash.days.at(-1)).toMatchObject({ signups: 3, works: 1 });
  });
});

describe("a visitor's report of a broken page", () => {
  it("is taken without an account (the captcha when it is on), shown as from 访客, and limited per address", async () => {
    const report = (body: Record<string, string>, ip = "198.51.100.60") =>
      t.send(api.site.report, { body: { target: "page", reason: "broken", ...body } }, { ip });
    expect((await report({ url: "/art/999" })).body.success).toBe(true);
    expect((await t.send(api.site.report, { body: { target: "work", targetId: 1, reason: "spam" } })).status).toBe(401);
    const queue = (await t.call<Numbered<ReportView>>("GET", "/api/admin/reports?status=open", as(owner))).body.data;
    expect(queue.results[0]).toMatchObject({ target: "page", url: "/art/999", reporter: { id: 0, nickname: "访客" } });
    // Handling it tells nobody, and fails on nothing.
    const handled = await t.call("POST", `/api/admin/reports/${queue.results[0].reportId}`, {
      ...as(owner),
      body: { action: "dismiss" },
    });
    expect(handled.body.success).toBe(true);
    for (let i = 0; i < 9; i++) await report({ url: `/x/${i}` });
    const over = await report({ url: "/x/last" });
    expect([over.status, over.body.message]).toEqual([429, expect.stringMatching(/^提交太频繁，请\d+分钟后再试$/)]);
    expect((await report({ url: "/x/elsewhere" }, "198.51.100.61")).body.success).toBe(true);
  });

  it("asks a visitor for the captcha when it is on", async () => {
    const guarded = await startApi({ captchaEnabled: true });
    try {
      const body = { target: "page", reason: "broken", url: "/art/1" };
      const none = await guarded.send(api.site.report, { body });
      expect([none.status, none.body.message]).toEqual([400, "图形验证码已失效，请刷新后重试"]);
      const c = await guarded.send(api.signin.captcha, {});
      const code = (await guarded.captchaCode(c.body.data.captchaId))!;
      const ok = await guarded.send(api.site.report, {
        body: { ...body, captchaId: c.body.data.captchaId, captchaCode: code },
      });
      expect(ok.body.success).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});

describe("staff acting on staff's words", () => {
  it("lets no admin hide or remove the owner's works or comments, nor another admin's; the owner may", async () => {
    const admin = await t.signup({ username: "helper" });
    const other = await t.signup({ username: "helper2" });
    for (const who of [admin, other])
      await t.call("POST", `/api/admin/users/${who.user.id}/roles`, { ...as(owner), body: { admin: "on" } });
    const ownerWork = (await publish(owner, "站长的画")).body.data.artId;
    const adminWork = (await publish(other, "另一位管理员的画")).body.data.artId;
    const ownerComment = (
      await t.call<{ commentId: number }>("POST", "/api/comment/create", {
        ...as(owner),
        body: { workId: adminWork, content: "站长的评论" },
      })
    ).body.data.commentId;
    for (const action of ["hide", "delete"]) {
      const onOwner = await works(admin, { ids: String(ownerWork), action, reason: "试试" });
      expect(onOwner.body.message).toBe("不能对站长执行此操作");
      const onAdmin = await works(admin, { ids: String(adminWork), action, reason: "试试" });
      expect(onAdmin.body.message).toBe("只有站长可以处理管理员的内容");
      const onComment = await t.call<BulkResult>("POST", "/api/admin/comments", {
        ...as(admin),
        body: { ids: String(ownerComment), action, reason: "试试" },
      });
      expect(onComment.body.message).toBe("不能对站长执行此操作");
    }
    // In a selection the others go on, and the owner's is reported.
    const mixed = await works(admin, {
      ids: `${ownerWork},${(await publish(author, "普通作品")).body.data.artId}`,
      action: "hide",
      reason: "批量",
    });
    expect(mixed.body.data).toMatchObject({ done: 1, skipped: [{ id: ownerWork, message: "不能对站长执行此操作" }] });
    // Not through the ordinary delete either.
    const plain = await t.call("POST", `/api/comment/delete/${ownerComment}`, as(admin));
    expect([plain.status, plain.body.message]).toEqual([403, "不能对站长执行此操作"]);
    expect((await detail(ownerWork)).status).toBe(200);
    expect((await detail(adminWork)).status).toBe(200);
    // The owner acts on an admin's work.
    expect((await works(owner, { ids: String(adminWork), action: "hide", reason: "违规" })).body.data.done).toBe(1);
  });
});

describe("sensitive words", () => {
  const save = (body: Record<string, string>) =>
    t.call("POST", "/api/admin/words", { ...as(owner), body: { refuse: "", review: "", mask: "", ...body } });

  it("refuses a list with blank lines or repeats, changing nothing", async () => {
    await save({ refuse: "赌博" });
    expect((await save({ refuse: "赌博\n\n毒品" })).body.message).toBe("拒绝发布：第2行是空行，请删去");
    expect((await save({ refuse: "赌博", mask: "赌 博" })).body.message).toBe(
      "“赌 博”重复出现（与拒绝发布中的“赌博”相同）",
    );
    expect((await t.call<Record<string, string[]>>("GET", "/api/admin/words", as(owner))).body.data.refuse).toEqual([
      "赌博",
    ]);
  });

  it("refuses, holds for review, or masks, per word", async () => {
    await save({ refuse: "赌博", review: "代开发票", mask: "傻瓜" });
    const refused = await publish(author, "网上赌 博平台");
    expect([refused.status, refused.body.message]).toEqual([400, "内容包含不允许发布的词语“赌博”，请修改后再提交"]);
    const held = (await publish(author, "可以代开发票")).body.data;
    expect(held.held).toBe(true);
    expect((await detail(held.artId, reader)).status).toBe(404);
    expect((await detail(held.artId, author)).body.data.state?.status).toBe(3);
    const masked = (await publish(author, "你这个傻瓜")).body.data;
    expect((await detail(masked.artId)).body.data.content).toBe("你这个＊＊");
    const c = await t.call<{ held: boolean }>("POST", "/api/comment/create", {
      ...as(reader),
      body: { workId: masked.artId, content: "傻瓜" },
    });
    expect(c.body.data.held).toBe(false);
    expect(await countRows(t, "works")).toBe(2);
    // Let the held one through.
    await works(owner, { ids: String(held.artId), action: "restore" });
    const list = (await t.call<Page<WorkCardView>>("GET", "/api/art/list")).body.data.results.map((w) => w.artId);
    expect(list).toContain(held.artId);
  });

  it("reads a word through invisible marks, other scripts and traditional characters", async () => {
    await save({ refuse: "禁词\nfalun", mask: "法轮功" });
    for (const spelling of ["禁\uFE0F词", "禁\u0301词", "禁\u200B词", "禁詞", "禁 词", "f\u0430lun", "ＦＡＬＵＮ"]) {
      const res = await publish(author, `这里有${spelling}呢`);
      expect([res.status, res.body.message], JSON.stringify(spelling)).toEqual([
        400,
        expect.stringMatching(/^内容包含不允许发布的词语“(禁词|falun)”/),
      ]);
    }
    const masked = (await publish(author, "说说法輪功")).body.data;
    expect((await detail(masked.artId)).body.data.content).toBe("说说＊＊＊");
  });

  it("screens nicknames, introductions, private messages and link addresses too", async () => {
    await save({ refuse: "赌博", mask: "傻瓜" });
    const profile = await t.call("POST", "/api/user/profile", {
      ...as(reader),
      body: { nickname: "赌博王", description: "" },
    });
    expect(profile.body.message).toBe("资料包含不允许使用的词语“赌博”，请修改后再提交");
    const bio = await t.call("POST", "/api/user/profile", {
      ...as(reader),
      body: { nickname: "读者", description: "我是傻瓜" },
    });
    expect(bio.body.message).toBe("资料包含不允许使用的词语“傻瓜”，请修改后再提交");
    const signup = await t.send(api.signin.signup, {
      body: {
        nickname: "赌 博",
        username: "gambler",
        email: "g@example.com",
        password: "secret123",
        rePassword: "secret123",
      },
    });
    expect(signup.body.message).toBe("昵称包含不允许使用的词语“赌博”，请修改后再提交");
    const sent = await t.call<{ content: string }>("POST", "/api/message/send", {
      ...as(reader),
      body: { userId: author.user.id, content: "你个傻瓜" },
    });
    expect(sent.body.data.content).toBe("你个＊＊");
    const refusedMessage = await t.call("POST", "/api/message/send", {
      ...as(reader),
      body: { userId: author.user.id, content: "来赌博" },
    });
    expect(refusedMessage.status).toBe(400);
    const link = await t.call("POST", "/api/art/create", {
      ...as(author),
      body: { type: 3, nodeId, title: "好站", content: "看看", url: "https://dubo.example/赌博" },
    });
    expect(link.body.message).toBe("链接包含不允许使用的词语“赌博”，请修改后再提交");
  });
});

describe("who may come in", () => {
  it("closes registration, opens it by invitation (one account per code), and switches SMS off", async () => {
    const signup = (extra: Record<string, string> = {}) =>
      t.send(
        api.signin.signup,
        {
          body: {
            nickname: `新人${Math.random()}`.slice(0, 8),
            username: `n${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`,
            email: `${Math.random()}@x.com`,
            password: "secret123",
            rePassword: "secret123",
            ...extra,
          },
        },
        { ip: "203.0.113.7" },
      );
    await t.call("POST", "/api/admin/access", { ...as(owner), body: { registration: "closed", ways: "" } });
    expect((await signup()).body.message).toBe("本站暂未开放注册");
    const config = (await t.send(api.site.config, {})).body.data;
    expect([config.registration, config.sms]).toEqual(["closed", false]);
    expect((await t.send(api.signin.smsSend, { body: { phone: "13800138000" } })).body.message).toBe(
      "本站已关闭该登录方式",
    );
    await t.call("POST", "/api/admin/access", { ...as(owner), body: { registration: "invite", ways: "sms" } });
    const [code] = (await t.call<string[]>("POST", "/api/admin/invites", { ...as(owner), body: { count: 1 } })).body
      .data;
    expect((await signup()).body.message).toBe("本站目前仅限邀请注册，请使用邀请码注册");
    expect((await signup({ inviteCode: "WRONG" })).body.message).toBe("邀请码无效或已被使用");
    expect((await signup({ inviteCode: code })).body.success).toBe(true);
    expect((await signup({ inviteCode: code })).body.message).toBe("邀请码无效或已被使用");
  });

  it("keeps the info pages' Markdown, served rendered and sanitized", async () => {
    await t.call("POST", "/api/admin/pages", {
      ...as(owner),
      body: { about: "# 关于\n<script>alert(1)</script>", protocol: "" },
    });
    const page = (await t.send(api.site.infoPage, { params: { name: "about" } })).body.data;
    expect(page.html).toContain("<h1");
    expect(page.html).not.toContain("<script");
  });
});
