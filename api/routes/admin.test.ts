import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let member: Session;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "owner" });
  member = await t.signup({ username: "member" });
});
afterEach(async () => t.close());

const settings = {
  siteTitle: "新名字",
  siteDescription: "描述",
  siteKeywords: "a,b",
  siteNavs: JSON.stringify([
    { title: "博客", url: "https://blog.example.com" },
    { title: "关于", url: "/about" },
  ]),
  tokenExpireDays: 7,
  icpNumber: "京ICP备12345678号",
  policeNumber: "",
  footerText: "",
};

describe("admin", () => {
  it("is closed to visitors (401) and members (403)", async () => {
    expect((await t.send(api.admin.stats, {})).status).toBe(401);
    const res = await t.send(api.admin.stats, {}, { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("没有权限进行此操作");
    expect((await t.send(api.admin.saveConfig, { body: settings }, { token: member.token })).status).toBe(403);
    expect((await t.send(api.site.config, {})).body.data.siteTitle).toBe("艺社");
  });

  it("counts users and works, in total and since midnight China time", async () => {
    await insertWork(t, { userId: member.user.id, createdAt: Date.UTC(2026, 10, 20, 15, 59) });
    await insertWork(t, { userId: member.user.id, createdAt: Date.UTC(2026, 10, 20, 16, 1) });
    const res = await t.send(api.admin.stats, {}, { token: owner.token });
    expect(res.body.data).toEqual({ users: 2, usersToday: 2, works: 2, worksToday: 1, nodes: 0 });
  });

  it("saves the site settings, which every reader then sees, and a new tokenExpireDays applies to new sessions", async () => {
    const res = await t.send(api.admin.saveConfig, { body: settings }, { token: owner.token });
    expect(res.body.success).toBe(true);
    const config = (await t.send(api.site.config, {})).body.data;
    expect(config).toMatchObject({ siteTitle: "新名字", tokenExpireDays: 7, icpNumber: "京ICP备12345678号" });
    expect(config.siteNavs).toEqual([
      { title: "博客", url: "https://blog.example.com" },
      { title: "关于", url: "/about" },
    ]);
    const session = await t.signup();
    expect(session.expiresAt - t.now()).toBe(7 * 86_400_000);
  });

  it.each([
    [{ siteTitle: "" }, "请输入站点名称"],
    [{ tokenExpireDays: 0 }, "登录有效天数需为1到365的整数"],
    [{ tokenExpireDays: "abc" }, "登录有效天数需为1到365的整数"],
    [{ siteNavs: JSON.stringify([{ title: "坏", url: "javascript:alert(1)" }]) }, "导航链接需以 / 或 http(s):// 开头"],
    [{ siteNavs: "not json" }, "导航链接格式不正确"],
    [{ footerText: "字".repeat(201) }, "页脚文字不能超过200个字符"],
    [{ uploadsPerHour: 0 }, "每小时上传次数需为1到1000的整数"],
    [{ uploadMbPerDay: "1.5" }, "每日上传容量（MB）需为1到10000的整数"],
    [{ trustedDomains: "example.com\njavascript:alert(1)" }, "信任的域名每行一个，例如 example.com"],
  ])("refuses %o and changes nothing", async (override, message) => {
    const res = await t.send(api.admin.saveConfig, { body: { ...settings, ...override } }, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.send(api.site.config, {})).body.data.siteTitle).toBe("艺社");
  });
});
