import { describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { freshDatabase } from "../test/harness.ts";
import { endpoints } from "./endpoint.ts";
import { writes } from "../serve/dispatch.ts";
import * as declared from "../../contract/endpoints.ts";
import { get, paramsFit, pathOf, pathPattern, type Endpoint } from "../../contract/shared/endpoint.ts";
import { works } from "../../contract/works/endpoints.ts";
import type { ApiSession, ApiTransport } from "../../contract/shared/transport.ts";

const all = Object.values(declared).flatMap((domain) => Object.values(domain) as Endpoint[]);

describe("endpoint declarations", () => {
  it("fill a path's parameters, encoded, and refuse a missing one", () => {
    expect(pathOf(works.detail, { id: 7 })).toBe("/art/7");
    expect(pathOf(declared.site.infoPage, { name: "about" })).toBe("/config/page/about");
    expect(pathOf(works.detail, { id: "a/b?c" })).toBe("/art/a%2Fb%3Fc");
    expect(() => pathOf(works.detail, {})).toThrow(/:id/);
  });

  it("match a request's path by pattern, a parameter being one segment", () => {
    expect(pathPattern(works.view).test("/art/view/12")).toBe(true);
    expect(pathPattern(works.view).test("/art/view/12/more")).toBe(false);
    expect(pathPattern(get<null>()("/a.b", { summary: "点" })).test("/aXb")).toBe(false);
  });

  it("name the posts that change nothing: searches and a view", () => {
    expect(writes(declared.search.works)).toBe(false);
    expect(writes(works.view)).toBe(false);
    expect(writes(works.like)).toBe(true);
    expect(writes(works.detail)).toBe(false);
  });

  it("keep a parameter to its limits and to one segment, as the router does", () => {
    const info = declared.site.infoPage;
    expect(paramsFit(info, { name: "about" })).toBe(true);
    expect(paramsFit(info, { name: "aboutx" })).toBe(false);
    expect(paramsFit(info, { name: "secret" })).toBe(false);
    expect(paramsFit(works.detail, { id: 7 })).toBe(true);
    expect(paramsFit(works.detail, { id: "" })).toBe(false);
    expect(paramsFit(works.detail, {})).toBe(false);
  });

  it("are each declared once: no two share a method and path", () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("are every one served by the API, and the API serves nothing undeclared", async () => {
    const database = await freshDatabase();
    try {
      const api = createApi({ db: database.db, dialect: database.dialect });
      const served = api.routes
        .filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path.replace(/^\/api/, "")}`);
      const wanted = all.map((e) => `${e.method} ${e.path}`);
      expect([...new Set(served)].sort()).toEqual([...wanted].sort());
      // And each answers there: a 404 envelope only when the thing asked for is missing, never "接口不存在".
      for (const e of all) {
        // A parameter limited to some values takes the first of them.
        const params = Object.fromEntries(
          [...e.path.matchAll(/:(\w+)(?:\{(\w+))?/g)].map(([, name, first]) => [name, first ?? "1"]),
        );
        const res = await api.request(`/api${pathOf(e, params)}`, { method: e.method });
        if (res.headers.get("content-type")?.includes("json"))
          expect((await res.json()).message, `${e.method} ${e.path}`).not.toBe("接口不存在");
      }
    } finally {
      await database.drop();
    }
  });
});

// Never run: what the typecheck must refuse, each marked where it has to fail.
export function typecheckOnly() {
  return (
    endpoints()
      // @ts-expect-error a handler must answer what its endpoint declares
      .answer(works.detail, async () => ({ comments: [] }))
      // @ts-expect-error a raw endpoint answers a Response, not an envelope's data
      .answer(declared.inbox.events, async () => null)
      // A handler is handed its input as the declaration parsed it: the work's id is a number, the body a comment.
      .answer(declared.comments.create, async (c) => {
        // @ts-expect-error the parsed id is a number, not the text it came as
        const asText: string = c.input.body.workId;
        // @ts-expect-error a field the declaration does not name is not there
        void c.input.body.replyto;
        // @ts-expect-error the endpoint takes no path parameters
        void c.input.params.id;
        return { commentId: asText.length, held: false };
      })
  );
}

/** Never run: a caller's input is checked against the declaration (the web's `call` and the tests' `send` alike). */
export function callersTypecheckOnly(call: ApiTransport["call"], session: ApiSession) {
  // @ts-expect-error a body field the endpoint does not declare
  void call(works.like, { params: { id: 1 }, body: { liked: 1 } }, session);
  // @ts-expect-error a misspelt field beside the declared ones
  void call(declared.comments.create, { body: { workId: 1, content: "好", replyto: 2 } }, session);
  // @ts-expect-error a path's parameter must be given
  void call(works.detail, {}, session);
  // @ts-expect-error an endpoint that takes no body takes none
  void call(declared.scores.checkin, { body: { score: 1 } }, session);
  void call(declared.comments.create, { body: { workId: 1, content: "好", replyTo: 2 } }, session);
}
