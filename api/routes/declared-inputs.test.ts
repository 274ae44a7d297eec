import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { insertWork, startApi, type TestApi } from "../test/harness.ts";
import * as declared from "../../contract/endpoints.ts";
import { fieldNames, type Endpoint } from "../../contract/shared/endpoint.ts";
import type { Session } from "../../contract/signin/views.ts";

const { works, comments, scores, signin } = declared;
const all = Object.values(declared).flatMap((domain) => Object.values(domain) as Endpoint[]);

let t: TestApi;
let me: Session;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup();
});
afterEach(() => t.close());

describe("an endpoint's input, as its declaration says", () => {
  it("is refused when the body carries a field it does not declare, and nothing changes", async () => {
    const id = await insertWork(t, { userId: me.user.id, title: "一幅画" });
    const res = await t.call("POST", `/api/art/like/${id}`, { token: me.token, body: { liked: "1" } });
    expect([res.status, res.body.message]).toEqual([400, "接口不接受字段“liked”"]);
    expect((await t.send(works.detail, { params: { id } })).body.data.likeCount).toBe(0);
    // A typo beside the right fields is refused too, rather than silently ignored.
    const typo = await t.call("POST", "/api/comment/create", {
      token: me.token,
      body: { workId: id, content: "好看", replyto: 1 },
    });
    expect(typo.body.message).toBe("接口不接受字段“replyto”");
    expect((await t.send(comments.list, { query: { workId: id } })).body.data.results).toEqual([]);
  });

  it("takes the declared fields, as a form or as JSON", async () => {
    const id = await insertWork(t, { userId: me.user.id, title: "一幅画" });
    const sent = await t.send(comments.create, { body: { workId: id, content: "好看" } }, { token: me.token });
    expect(sent.body.success).toBe(true);
    const json = await t.call("POST", "/api/comment/create", {
      token: me.token,
      json: { workId: id, content: "真好" },
    });
    expect(json.body.success).toBe(true);
  });

  it("drops a query name it does not declare, as a link may carry a tracker's", async () => {
    await insertWork(t, { userId: me.user.id, title: "一幅画" });
    const res = await t.call("GET", "/api/art/list?order=newest&utm_source=weibo");
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ results: [{ title: "一幅画" }] });
  });

  it("tells a stranger to sign in before telling them a field is wrong", async () => {
    const res = await t.send(declared.comments.create, { body: { workId: "x", content: "" } });
    expect(res.status).toBe(401);
  });

  it("refuses a body on an endpoint that takes none", async () => {
    const res = await t.call("POST", "/api/checkin", { token: me.token, body: { score: 1000 } });
    expect(res.body.message).toBe("接口不接受字段“score”");
    expect((await t.send(scores.checkinState, {}, { token: me.token })).body.data.today).toBe(false);
  });

  it("names the way in the fields came for: a phone's code, not a missing username", async () => {
    const res = await t.send(declared.signin.signin, { body: { phone: "13800138000", verifyCode: "12" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/验证码/);
    const named = await t.send(signin.signin, { body: { username: "nobody", password: "" } });
    expect(named.body.message).toMatch(/密码/);
  });

  it("refuses a path value its declaration does not take, in Chinese", async () => {
    const res = await t.send(declared.works.detail, { params: { id: "abc" } });
    expect([res.status, res.body.message]).toEqual([400, "作品编号无效"]);
  });
});

describe("every declaration", () => {
  it("has a summary in Chinese", () => {
    for (const e of all) expect(e.summary, `${e.method} ${e.path}`).toMatch(/[\u4e00-\u9fff]/);
  });

  it("declares each of its path's parameters, and a limited one with the same values", () => {
    for (const e of all) {
      const named = [...e.path.matchAll(/:(\w+)(?:\{([^}]*)\})?/g)];
      const shape = (e.params as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), `${e.method} ${e.path}`).toEqual(named.map(([, n]) => n).sort());
      for (const [, name, limit] of named) {
        if (!limit) continue;
        const field = shape[name!] as z.ZodEnum;
        expect(field.options, `${e.path} :${name}`).toEqual(limit.split("|"));
      }
    }
  });

  it("names its body's fields, so an undeclared one can be told apart", () => {
    for (const e of all) if (e.body) expect(fieldNames(e.body), `${e.method} ${e.path}`).not.toBeNull();
  });

  it("never declares a body on a GET, and streams a file only on a POST", () => {
    for (const e of all) {
      if (e.method === "GET") expect(e.body, e.path).toBeUndefined();
      if (e.upload) expect(e.method, e.path).toBe("POST");
    }
  });
});
