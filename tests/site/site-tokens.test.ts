import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

let t: TestSite;
let me: { token: string; user: { id: number } };
let cookie: Record<string, string>;
beforeAll(async () => {
  t = await startSite();
  me = await t.member("botmaker");
  cookie = { Cookie: `token=${me.token}` };
});
afterAll(async () => t.close());

/** 访问令牌's create form as a browser without JavaScript posts it. */
async function createThroughPage(fields: Record<string, string>) {
  const res = await t.post("/user/profile/tokens", { intent: "create", lifetime: "30", ...fields }, cookie);
  return { status: res.status, html: await res.text() };
}
const secretIn = (html: string) => /value="(yst_[\w-]{43})"/.exec(html)?.[1];

describe("访问令牌 in 账号设置", () => {
  it("shows a new token once, then lists it without its secret; the token works as a Bearer", async () => {
    const made = await createThroughPage({ name: "备份脚本", scope_read: "on" });
    expect(made.status).toBe(200);
    expect(made.html).toContain("新令牌「备份脚本」已创建");
    const secret = secretIn(made.html)!;
    expect(secret).toBeDefined();
    const again = await (await t.get("/user/profile/tokens", cookie)).text();
    expect(again).toContain("备份脚本");
    expect(again).not.toContain(secret);
    const who = await t.get("/api/user/current", { Authorization: `Bearer ${secret}` });
    expect(((await who.json()) as { data: { id: number } }).data.id).toBe(me.user.id);
  });

  it("says what is wrong with the form, keeping what was typed", async () => {
    const made = await createThroughPage({ name: "没有权限的" });
    expect(made.html).toContain("请至少选择一项权限");
    expect(made.html).toContain('value="没有权限的"');
    expect(secretIn(made.html)).toBeUndefined();
  });

  it("revokes a token with 撤销, after which it is refused at once", async () => {
    const secret = secretIn((await createThroughPage({ name: "要撤销的", scope_read: "on" })).html)!;
    const list = await (await t.get("/user/profile/tokens", cookie)).text();
    const id = new RegExp(`要撤销的[\\s\\S]*?name="tokenId" value="(\\d+)"`).exec(list)![1]!;
    const revoked = await t.post("/user/profile/tokens", { intent: "revoke", tokenId: id }, cookie);
    expect(revoked.status).toBe(302);
    const refused = await t.get("/api/user/current", { Authorization: `Bearer ${secret}` });
    expect(refused.status).toBe(401);
  });

  it("lets a token with 发布作品 through the uploads' gate, and no stranger's bearer", async () => {
    const secret = secretIn((await createThroughPage({ name: "上传机器人", scope_works: "on" })).html)!;
    const form = new FormData();
    form.set("file", new Blob(["not a picture"], { type: "image/png" }), "x.png");
    const upload = (auth: string) =>
      t.send("/api/upload", { method: "POST", headers: { Authorization: auth }, body: form });
    // Through the gate to the API, which says what is wrong with the file itself.
    const passed = await upload(`Bearer ${secret}`);
    expect(passed.status).toBe(400);
    expect(((await passed.json()) as { message: string }).message).not.toBe("请先登录");
    expect((await upload("Bearer yst_nobody")).status).toBe(401);
  });
});
