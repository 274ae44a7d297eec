import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import { adminRoutes } from "./admin.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

/**
 * The authorization matrix: every admin API route, as a visitor (401), a member (403), an admin and the owner. The
 * list is checked against the routes the admin router really has, so a new route cannot miss it.
 */
const routes: [method: "GET" | "POST", path: string, body?: Record<string, string | number>][] = [
  ["GET", "/stats"],
  ["GET", "/dashboard"],
  ["POST", "/config", { siteTitle: "艺社", tokenExpireDays: 30, siteNavs: "[]" }],
  ["GET", "/access"],
  ["POST", "/access", { registration: "open", ways: "sms" }],
  ["GET", "/pages"],
  ["POST", "/pages", { about: "# 关于", protocol: "" }],
  ["GET", "/invites"],
  ["POST", "/invites", { count: 1 }],
  ["GET", "/users"],
  ["GET", "/users/:member"],
  ["POST", "/users/:member/roles", { admin: "" }],
  ["POST", "/users/:member/restrict", { kind: "mute", days: 1, reason: "测试" }],
  ["POST", "/users/:member/lift", { kind: "mute" }],
  ["GET", "/works"],
  ["POST", "/works", { ids: "999999", action: "restore" }],
  ["GET", "/comments"],
  ["POST", "/comments", { ids: "999999", action: "restore" }],
  ["GET", "/nodes"],
  ["POST", "/nodes", { name: "新节点:n" }],
  ["POST", "/nodes/:node", { name: "改名:n" }],
  ["POST", "/nodes/:node/move", { direction: "down" }],
  ["POST", "/nodes/:node/visibility", { hidden: "" }],
  ["GET", "/tags"],
  ["POST", "/tags/999999/rename", { name: "新名" }],
  ["POST", "/tags/999999/merge", { into: 999998 }],
  ["GET", "/reports"],
  ["POST", "/reports/999999", { action: "dismiss" }],
  ["GET", "/words"],
  ["POST", "/words", { refuse: "", review: "", mask: "" }],
  ["POST", "/words/starter"],
  ["GET", "/audit"],
  ["POST", "/art/recommend/999999"],
  ["POST", "/art/unrecommend/999999"],
  ["GET", "/jobs"],
  ["POST", "/jobs/999999/retry", { name: "search.reindex" }],
  ["POST", "/jobs/999999/discard", { name: "search.reindex" }],
  ["POST", "/jobs/run", { name: "uploads.sweep" }],
];

let t: TestApi;
let owner: Session;
let admin: Session;
let member: Session;
let nodeId: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "owner" });
  admin = await t.signup({ username: "admin" });
  member = await t.signup({ username: "member" });
  await t.send(api.admin.setRoles, { params: { id: admin.user.id }, body: { admin: "on" } }, { token: owner.token });
  nodeId = (await t.send(api.admin.createNode, { body: { name: "插画" } }, { token: owner.token })).body.data.nodeId;
  await t.send(api.admin.createNode, { body: { name: "摄影" } }, { token: owner.token });
});
afterEach(async () => t.close());

let n = 0;
function concrete(path: string, body?: Record<string, string | number>) {
  n++;
  const fill = (s: string) =>
    s.replace(":member", String(member.user.id)).replace(":node", String(nodeId)).replace(":n", String(n));
  return {
    path: `/api/admin${fill(path)}`,
    body: body && Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? fill(v) : v])),
  };
}

describe("the admin API's authorization matrix", () => {
  it("lists every route the admin router has", () => {
    const known = new Set(routes.map(([m, p]) => `${m} ${p.replace(/:member|:node|999999/g, ":id")}`));
    const real = adminRoutes.map(({ endpoint: e }) => `${e.method} ${e.path.replace(/^\/admin/, "")}`);
    expect(new Set(real)).toEqual(known);
  });

  it.each(routes)("%s %s: visitors 401, members 403, staff get in", async (method, path, body) => {
    const asVisitor = concrete(path, body);
    expect((await t.call(method, asVisitor.path, { body: asVisitor.body })).status).toBe(401);
    const asMember = concrete(path, body);
    const refused = await t.call(method, asMember.path, { body: asMember.body, token: member.token });
    expect([refused.status, refused.body.message]).toEqual([403, "没有权限进行此操作"]);
    for (const staff of [admin, owner]) {
      const call = concrete(path, body);
      const res = await t.call(method, call.path, { body: call.body, token: staff.token });
      // Past the door: an answer about the request itself (done, not found, bad input), never 401 or 403 — but
      // for the one thing only the owner may do.
      if (staff === admin && path.endsWith("/roles")) {
        expect([res.status, res.body.message]).toEqual([403, "只有站长可以设置管理员"]);
        continue;
      }
      expect([401, 403]).not.toContain(res.status);
    }
  });
});
