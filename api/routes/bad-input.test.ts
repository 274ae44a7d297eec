import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonDepth } from "../lib/validate.ts";
import { countRows, insertNode, startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as declared from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let node: number;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup();
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

const count = (table: "works" | "users" | "comments") => countRows(t, table);

describe("bad input at the API edge", () => {
  it("refuses NUL characters in any text field with a Chinese message, on both engines alike", async () => {
    const post = await t.call<{ fieldErrors: Record<string, string> }>("POST", "/api/art/create", {
      token: me.token,
      body: { type: 1, nodeId: node, content: "你好\u0000世界" },
    });
    expect(post.status).toBe(400);
    expect(post.body.message).toBe("内容包含无效的空字符（NUL）");
    expect(post.body.data.fieldErrors.content).toBe("内容包含无效的空字符（NUL）");
    const tags = await t.call("POST", "/api/art/create", {
      token: me.token,
      json: { type: 1, nodeId: node, content: "好", tags: ["a\u0000"] },
    });
    expect(tags.status).toBe(400);
    const nick = await t.send(declared.signin.signup, {
      body: {
        nickname: "x\u0000",
        username: "nuluser",
        email: "n@example.com",
        password: "secret123",
        rePassword: "secret123",
      },
    });
    expect(nick.status).toBe(400);
    const query = await t.call("GET", "/api/art/list?cursor=%00");
    expect(query.status).toBe(400);
    expect(await count("works")).toBe(0);
    expect(await count("users")).toBe(1);
  });

  it("refuses deeply nested JSON with a 400 before parsing it", async () => {
    for (const levels of [5_000, 100_000]) {
      const deep = "[".repeat(levels) + "]".repeat(levels);
      for (const field of ["tags", "images"]) {
        const res = await t.api.request("/api/art/create", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-User-Token": me.token },
          body: `{"type":1,"nodeId":${node},"content":"x","${field}":${deep}}`,
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ success: false, message: "请求内容嵌套过深" });
      }
    }
    expect(await count("works")).toBe(0);
  });

  // Malformed JSON: conventions.test.ts.
  it("refuses malformed multipart with a 400", async () => {
    const multipart = await t.api.request("/api/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", "X-User-Token": me.token },
      body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot closed',
    });
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).success).toBe(false);
  });
});

describe("jsonDepth", () => {
  it("counts nesting outside strings only", () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonDepth("3")).toBe(0);
  });
});
