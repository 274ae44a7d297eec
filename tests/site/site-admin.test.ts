import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

/** The admin forms as a browser without JavaScript posts them, and what visitors see change. */
let s: TestSite;
let owner: Record<string, string>;
beforeAll(async () => {
  s = await startSite();
  const res = await s.send("/api/login/signin", {
    method: "POST",
    body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
  });
  owner = { Cookie: `token=${((await res.json()) as { data: { token: string } }).data.token}` };
});
afterAll(async () => s.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await s.get(path, headers);
  return { status: res.status, html: await res.text() };
};
const access = async (registration: string, ways: string[]) => {
  const body = new URLSearchParams({ intent: "access", registration });
  for (const w of ways) body.append("ways", w);
  const res = await s.post("/admin/access", body, { ...owner, "Content-Type": "application/x-www-form-urlencoded" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/admin/access");
};

describe("注册与登录", () => {
  it("asks for an invitation code, then shows registration closed with no form to fill, then opens again", async () => {
    await access("invite", ["github"]);
    let signup = await page("/user/signin?tab=signup");
    expect(signup.html).toContain('name="inviteCode"');
    // SMS switched off: no 短信登录 tab.
    expect(signup.html).not.toContain("短信登录");

    await access("closed", ["sms", "github"]);
    signup = await page("/user/signin?tab=signup");
    expect(signup.html).toContain("本站暂未开放注册");
    expect(signup.html).not.toContain('name="rePassword"');
    expect(signup.html).toContain("短信登录");
    // A form posted anyway is refused by the API.
    const refused = await s.post("/user/signin", {
      intent: "signup",
      nickname: "来晚了",
      username: "latecomer",
      email: "late@example.com",
      password: "secret123",
      rePassword: "secret123",
    });
    expect(await refused.text()).toContain("本站暂未开放注册");

    await access("open", ["sms", "github", "osc", "qq"]);
    signup = await page("/user/signin?tab=signup");
    expect(signup.html).toContain('name="rePassword"');
    expect(signup.html).not.toContain('name="inviteCode"');
  });
});

describe("页面内容", () => {
  it("previews without storing, saves, and serves the Markdown at /about sanitized", async () => {
    const form = { about: "# 关于这里\n\n<script>alert(1)</script> [x](javascript:alert(1))", protocol: "" };
    const preview = await s.post("/admin/pages", { ...form, intent: "preview" }, owner);
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain("<h1>关于这里</h1>");
    expect(previewed).not.toContain("<script>alert");
    expect((await page("/about")).html).not.toContain("关于这里");

    expect((await s.post("/admin/pages", form, owner)).status).toBe(302);
    const about = await page("/about");
    expect(about.html).toContain("<h1>关于这里</h1>");
    expect(about.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(about.html).not.toContain('href="javascript:');
    expect(about.html).not.toContain("我们在做什么");

    expect((await s.post("/admin/pages", { about: "", protocol: "" }, owner)).status).toBe(302);
    expect((await page("/about")).html).toContain("我们在做什么");
  });
});

describe("举报", () => {
  it("takes a visitor's report of a broken page without an account, and asks for sign-in only for the rest", async () => {
    const path = `/report?target=page&url=${encodeURIComponent("/art/424242")}`;
    const form = await s.get(path);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("/art/424242");
    const filed = await s.post(path, { reason: "broken", detail: "打不开" });
    expect([filed.status, filed.headers.get("location")]).toEqual([302, "/"]);
    expect(filed.headers.getSetCookie().join(";")).toContain("flash=");
  });

  it("sends a visitor to sign in first, then files the report and returns to where it came from", async () => {
    const target = await s.member("target");
    const reporter = await s.member("reporter");
    const path = `/report?target=user&id=${target.user.id}&from=${encodeURIComponent(`/user/${target.user.id}`)}`;
    const visitor = await s.get(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/user/signin?ref=${encodeURIComponent(path)}`);

    const cookie = { Cookie: `token=${reporter.token}` };
    expect((await page(path, cookie)).html).toContain("画友target");
    const missing = await s.post(path, { reason: "" }, cookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("请选择举报原因");
    const filed = await s.post(path, { reason: "abuse", detail: "" }, cookie);
    expect(filed.status).toBe(302);
    expect(filed.headers.get("location")).toBe(`/user/${target.user.id}`);
    // Nobody reports themselves; an unknown target is a 404; a return path off the site is not followed.
    const self = `/report?target=user&id=${reporter.user.id}&from=//evil.example`;
    expect(await (await s.post(self, { reason: "abuse" }, cookie)).text()).toContain("不能举报自己或自己的内容");
    expect((await page("/report?target=work&id=999999", cookie)).status).toBe(404);
    expect((await page("/report?target=nothing&id=1", cookie)).status).toBe(404);
    const other = await s.member("other");
    const away = await s.post(
      `/report?target=user&id=${other.user.id}&from=${encodeURIComponent("//evil.example")}`,
      { reason: "spam" },
      cookie,
    );
    expect(away.headers.get("location")).toBe("/");
  });
});
