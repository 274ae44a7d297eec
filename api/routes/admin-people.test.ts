import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { AdminUserDetail, AdminUserRow, AuditEntry } from "../../contract/admin/views.ts";
import type { Numbered } from "../../contract/shared/page.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let admin: Session;
let member: Session;
let nodeId: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "owner" });
  admin = await t.signup({ username: "admin", nickname: "阿甲" });
  member = await t.signup({ username: "member", nickname: "画画的人", email: "painter@example.com" });
  await t.send(api.admin.setRoles, { params: { id: admin.user.id }, body: { admin: "on" } }, { token: owner.token });
  nodeId = (await t.send(api.admin.createNode, { body: { name: "插画" } }, { token: owner.token })).body.data.nodeId;
});
afterEach(async () => t.close());

const as = (s: Session) => ({ token: s.token });
const restrict = (by: Session, who: number, body: Record<string, string | number>) =>
  t.call("POST", `/api/admin/users/${who}/restrict`, { ...as(by), body });
const publish = (s: Session) =>
  t.call<{ artId: number }>("POST", "/api/art/create", { ...as(s), body: { type: 1, content: "一幅新画", nodeId } });

describe("people in the admin area", () => {
  it("finds people by nickname, username, e-mail or phone, and shows one with their sign-ins", async () => {
    const find = async (q: string) =>
      (
        await t.call<Numbered<AdminUserRow>>("GET", `/api/admin/users?q=${encodeURIComponent(q)}`, as(admin))
      ).body.data.results.map((u) => u.username);
    expect(await find("画画")).toEqual(["member"]);
    expect(await find("MEMBER")).toEqual(["member"]);
    // An address counts once it is verified (mail-links.ts).
    await t.verifyEmail("painter@example.com");
    expect(await find("painter@")).toEqual(["member"]);
    expect(await find("100%")).toEqual([]);
    const detail = (await t.call<AdminUserDetail>("GET", `/api/admin/users/${member.user.id}`, as(admin))).body.data;
    expect(detail.signins[0]).toMatchObject({ way: "注册", client: "其他客户端" });
    expect((await t.call("GET", "/api/admin/users/999999", as(admin))).body.message).toBe("用户不存在");
  });

  it("lets only the owner grant or take the admin role; nobody touches the owner or their own role", async () => {
    const roles = (by: Session, who: number, on: boolean) =>
      t.call("POST", `/api/admin/users/${who}/roles`, { ...as(by), body: { admin: on ? "on" : "" } });
    expect((await roles(admin, member.user.id, true)).body.message).toBe("只有站长可以设置管理员");
    expect((await roles(owner, owner.user.id, false)).body.message).toBe("不能修改自己的角色");
    expect((await roles(owner, 999999, true)).status).toBe(404);
    expect((await roles(owner, member.user.id, true)).body.data).toEqual({ roles: ["admin"] });
    expect((await roles(owner, member.user.id, false)).body.data).toEqual({ roles: [] });
    expect((await restrict(admin, owner.user.id, { kind: "ban", days: 0, reason: "试试" })).body.message).toBe(
      "不能对站长执行此操作",
    );
    expect((await restrict(admin, admin.user.id, { kind: "mute", days: 1, reason: "试试" })).body.message).toBe(
      "不能处理自己的账号",
    );
    const log = (await t.call<Numbered<AuditEntry>>("GET", "/api/admin/audit?action=user.roles", as(owner))).body.data;
    expect(log.results.map((e) => [e.before, e.after])).toEqual([
      ["admin", "member"],
      ["member", "admin"],
      ["member", "admin"],
    ]);
  });

  it("mutes someone for a period with a reason they see: they read, but may not publish, comment or write", async () => {
    expect((await restrict(admin, member.user.id, { kind: "mute", days: 3, reason: "" })).body.message).toBe(
      "请输入原因",
    );
    expect((await restrict(admin, member.user.id, { kind: "mute", days: 2, reason: "刷屏" })).body.message).toBe(
      "请选择期限",
    );
    expect((await restrict(admin, member.user.id, { kind: "mute", days: 3, reason: "刷屏" })).body.success).toBe(true);
    const refused = await publish(member);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^你已被禁言至\d{4}-\d{2}-\d{2} \d{2}:\d{2}，原因：刷屏$/);
    const msg = await t.call("POST", "/api/message/send", {
      ...as(member),
      body: { userId: admin.user.id, content: "hi" },
    });
    expect(msg.status).toBe(403);
    // Nor change what others see of them, nor upload.
    const profile = await t.call("POST", "/api/user/profile", {
      ...as(member),
      body: { nickname: "新名字", description: "看我的主页" },
    });
    expect([profile.status, profile.body.message]).toEqual([403, refused.body.message]);
    const fd = new FormData();
    fd.set("image", new File([new Uint8Array(8)], "x.png", { type: "image/png" }));
    const upload = await t.call("POST", "/api/upload", { ...as(member), body: fd });
    expect([upload.status, upload.body.message]).toEqual([403, refused.body.message]);
    expect((await t.call("GET", "/api/user/current", as(member))).status).toBe(200);
    t.setNow(t.now() + 3 * 86_400_000 + 1);
    expect((await publish(member)).body.success).toBe(true);
  });

  it("bans someone: signed out everywhere, refused at sign-in with the reason, until it runs out or is lifted", async () => {
    expect((await restrict(admin, member.user.id, { kind: "ban", days: 7, reason: "发广告" })).body.success).toBe(true);
    expect((await t.call("GET", "/api/user/current", as(member))).status).toBe(401);
    const signin = () =>
      t.send(api.signin.signin, { body: { username: "member", password: "secret123" } }, { ip: "198.51.100.9" });
    expect((await signin()).body.message).toMatch(/^账号已被封禁至.+，原因：发广告$/);
    t.setNow(t.now() + 7 * 86_400_000 + 1);
    expect((await signin()).body.success).toBe(true);
    await restrict(admin, member.user.id, { kind: "ban", days: 0, reason: "屡教不改" });
    expect((await signin()).body.message).toBe("账号已被永久封禁，原因：屡教不改");
    await t.call("POST", `/api/admin/users/${member.user.id}/lift`, { ...as(admin), body: { kind: "ban" } });
    expect((await signin()).body.success).toBe(true);
  });

  it("lets an admin act on members but only the owner on admins", async () => {
    const other = await t.signup({ username: "other" });
    await t.call("POST", `/api/admin/users/${other.user.id}/roles`, { ...as(owner), body: { admin: "on" } });
    expect((await restrict(admin, other.user.id, { kind: "mute", days: 1, reason: "x" })).body.message).toBe(
      "只有站长可以处理管理员",
    );
    expect((await restrict(owner, other.user.id, { kind: "mute", days: 1, reason: "x" })).body.success).toBe(true);
  });
});
