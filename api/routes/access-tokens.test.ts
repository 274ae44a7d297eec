import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { tokenLimits } from "../../contract/account/tokens.ts";
import { UserStatus } from "../../contract/shared/kinds.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let me: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [owner, me, other],
    node,
  } = await apiWith("owner", "painter", "critic"));
});
afterEach(async () => t.close());

const DAY = 86_400_000;
async function make(scopes: string[], o: { name?: string; lifetime?: number; as?: Session } = {}) {
  const body: Record<string, string | number> = { name: o.name ?? "机器人", lifetime: o.lifetime ?? 30 };
  for (const s of scopes) body[`scope_${s}`] = "on";
  const res = await t.send(api.account.createToken, { body }, { token: (o.as ?? me).token });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.data;
}
const list = async (s = me) => (await t.send(api.account.tokens, {}, { token: s.token })).body.data;
const said = (res: { status: number; body: { message: string } }) => [res.status, res.body.message];

describe("personal access tokens", () => {
  it("are shown once, kept as a hash, listed without their secret, and speak for their owner", async () => {
    const { token, view } = await make(["read"], { name: "我的备份脚本" });
    expect(token).toMatch(/^yst_[\w-]{43}$/);
    expect(view).toMatchObject({ name: "我的备份脚本", scopes: ["read"], lastUsedAt: null });
    expect(view.expiresAt).toBe(view.createdAt + 30 * DAY);
    const stored = await t.db.selectFrom("access_tokens").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    expect(JSON.stringify(await list())).not.toContain(token.slice(4));
    const whoami = await t.send(api.signin.current, {}, { bearer: token });
    expect(whoami.body.data?.id).toBe(me.user.id);
    expect((await list())[0]!.lastUsedAt).not.toBeNull();
    // Nobody else's list holds it.
    expect(await list(other)).toEqual([]);
  });

  it("open only what their scopes name", async () => {
    const reader = (await make(["read"])).token;
    const publisher = (await make(["works"])).token;
    const social = (await make(["social"])).token;
    const work = await insertWork(t, { userId: other.user.id, nodeId: node, title: "别人的画" });
    const publish = (bearer: string) =>
      t.send(api.works.create, { body: { type: 1, content: "机器人发的", nodeId: node } }, { bearer });
    expect(said(await publish(reader))).toEqual([403, "该访问令牌没有“发布作品”权限"]);
    const published = await publish(publisher);
    expect(published.body.success).toBe(true);
    expect((await t.send(api.works.detail, { params: { id: work } }, { bearer: reader })).status).toBe(200);
    expect(said(await t.send(api.works.detail, { params: { id: work } }, { bearer: publisher }))).toEqual([
      403,
      "该访问令牌没有“读取”权限",
    ]);
    expect(said(await t.send(api.works.like, { params: { id: work } }, { bearer: reader }))).toEqual([
      403,
      "该访问令牌没有“评论与互动”权限",
    ]);
    expect((await t.send(api.works.like, { params: { id: work } }, { bearer: social })).status).toBe(200);
    // Private messages need their own scope, though a read token reads everything public.
    expect(said(await t.send(api.inbox.notifications, {}, { bearer: reader }))).toEqual([
      403,
      "该访问令牌没有“私信与通知”权限",
    ]);
  });

  it("never reach the admin area, the account's settings, its tokens, or sign-in, whatever their scopes", async () => {
    const all = await make(["read", "works", "social", "messages"], { as: owner });
    for (const [method, path] of [
      ["GET", "/api/admin/stats"],
      ["POST", "/api/admin/config"],
      ["GET", "/api/user/tokens"],
      ["POST", "/api/user/tokens/create"],
      ["POST", "/api/user/account/password"],
      ["GET", "/api/user/sessions"],
      ["POST", "/api/checkin"],
    ] as const) {
      const body = method === "POST" ? { name: "x", lifetime: 30, scope_read: "on" } : undefined;
      const res = await t.call(method, path, { bearer: all.token, body });
      expect(said(res), path).toEqual([403, "访问令牌不能用于此接口"]);
    }
  });

  it("end at once when revoked, when expired, or when their owner is disabled", async () => {
    const kept = await make(["read"]);
    const revoked = await make(["read"]);
    const revoke = await t.send(api.account.revokeToken, { params: { id: revoked.view.tokenId } }, { token: me.token });
    expect(revoke.body.success).toBe(true);
    const invalid = [401, "访问令牌无效、已过期或已被撤销"];
    expect(said(await t.send(api.signin.current, {}, { bearer: revoked.token }))).toEqual(invalid);
    // Another member cannot revoke it for them.
    expect(
      said(await t.send(api.account.revokeToken, { params: { id: kept.view.tokenId } }, { token: other.token })),
    ).toEqual([404, "访问令牌不存在"]);
    t.setNow(t.now() + 31 * DAY);
    expect(said(await t.send(api.signin.current, {}, { bearer: kept.token }))).toEqual(invalid);
    me = await t.signup({ username: "painter2" });
    const forever = await make(["read"], { lifetime: 0 });
    expect(forever.view.expiresAt).toBeNull();
    await t.db.updateTable("users").set({ status: UserStatus.disabled }).where("id", "=", me.user.id).execute();
    expect(said(await t.send(api.signin.current, {}, { bearer: forever.token }))).toEqual(invalid);
    // A look-alike or a session token sent as a bearer is no access token.
    for (const bearer of ["yst_", `${forever.token}x`, me.token, "Bearer"])
      expect((await t.send(api.signin.current, {}, { bearer })).status).toBe(401);
  });

  it("refuse a bad name, no scope, an odd lifetime, and more than a member may hold", async () => {
    const post = (body: Record<string, string | number>) =>
      t.send(api.account.createToken, { body }, { token: me.token });
    expect((await post({ name: "", lifetime: 30, scope_read: "on" })).body.data).toMatchObject({
      fieldErrors: { name: "请输入令牌名称" },
    });
    expect((await post({ name: "x", lifetime: 30 })).body.data).toMatchObject({
      fieldErrors: { scopes: "请至少选择一项权限" },
    });
    expect((await post({ name: "x", lifetime: 7, scope_read: "on" })).body.data).toMatchObject({
      fieldErrors: { lifetime: "请选择有效期" },
    });
    await t.db
      .insertInto("access_tokens")
      .values(
        Array.from({ length: tokenLimits.perMember }, (_, i) => ({
          user_id: me.user.id,
          name: `旧${i}`,
          token_hash: `h${i}`,
          scopes: "read",
          created_at: t.now(),
          expires_at: 0,
        })),
      )
      .execute();
    expect(said(await post({ name: "再一个", lifetime: 30, scope_read: "on" }))).toEqual([
      400,
      `最多同时持有${tokenLimits.perMember}个访问令牌，请先撤销不用的`,
    ]);
  });

  it("have their own rate, past which a token waits and its owner's session does not", async () => {
    const { token } = await make(["read"]);
    for (let i = 0; i < tokenLimits.callsPerMinute; i++)
      expect((await t.send(api.works.nodes, {}, { bearer: token })).status).toBe(200);
    const over = await t.send(api.works.nodes, {}, { bearer: token });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^该访问令牌调用太频繁，请\d+(秒|分钟)后再试$/);
    expect((await t.send(api.works.nodes, {}, { token: me.token })).status).toBe(200);
  });
});
