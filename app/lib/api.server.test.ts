import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardTo } from "../../api/lib/http.ts";
import { startApi, type TestApi } from "../../api/test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { CommentView, WorkDetailView } from "../../contract/works/views.ts";
import { comments, inbox, signin, site, works } from "../../contract/endpoints.ts";
import { CLIENT_NAME, overHttp } from "../../api/serve/transport.ts";
import { ApiFailure, apiClient } from "./api.server.ts";
import { testWebDeps, webContext, type WebDeps } from "./context.ts";

let t: TestApi;
let server: ReturnType<typeof serve>;
let origin = "";
const seen: Headers[] = [];

beforeAll(async () => {
  t = await startApi();
  server = serve({
    fetch: (req) => {
      seen.push(req.headers);
      return t.api.fetch(req);
    },
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

const paths: [string, () => WebDeps["api"]][] = [
  // As server.ts calls it for a page: the handler's value, with no request or JSON between.
  ["in-process", () => t.transport],
  ["through the API's HTTP app", () => overHttp(async (req) => t.api.fetch(req))],
  ["over HTTP (API_ORIGIN)", () => overHttp(forwardTo(origin))],
];

describe.each(paths)("the web's API client, %s", (_name, makeFetch) => {
  const context = () => new RouterContextProvider(new Map([[webContext, { api: makeFetch(), ...testWebDeps }]]));
  const page = (cookie?: string) => new Request("http://site.test/some/page", { headers: cookie ? { cookie } : {} });

  it("returns the data of a successful call", async () => {
    const config = await apiClient(page(), context()).call(site.config);
    expect(config.siteTitle).toBe("艺社");
  });

  it("posts form-encoded bodies and passes the cookie's token as X-User-Token", async () => {
    // Nicknames are unique, and both paths share one API.
    const nickname = `甲${Math.random().toString(36).slice(2, 6)}`;
    const session = await apiClient(page(), context()).call(signin.signup, {
      body: {
        nickname,
        username: `u${Math.random().toString(36).slice(2, 8)}`,
        email: `${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: "secret123",
        rePassword: "secret123",
      },
    });
    const me = await apiClient(page(`token=${session.token}`), context()).call(signin.current);
    expect(me?.nickname).toBe(nickname);
  });

  it("rejects a failed call with its status, code, message and field errors", async () => {
    const err: unknown = await apiClient(page(), context())
      .call(signin.signin, { body: { username: "", password: "" } })
      .catch((e: unknown) => e as ApiFailure);
    expect(err).toBeInstanceOf(ApiFailure);
    expect(err).toMatchObject({ status: 400, errorCode: 1001, message: "请输入用户名或邮箱" });
    expect((err as ApiFailure).fieldErrors.username).toBe("请输入用户名或邮箱");
  });
});

it("identifies the client on every call", async () => {
  seen.length = 0;
  const context = new RouterContextProvider(
    new Map([[webContext, { api: overHttp(forwardTo(origin)), ...testWebDeps }]]),
  );
  await apiClient(new Request("http://site.test/"), context).call(site.config);
  expect(seen[0].get("x-client")).toBe(CLIENT_NAME);
});

it("calls for a value, and opens a stream to hand it on as it comes, with who is asking", async () => {
  const asked: [string, string, unknown][] = [];
  const transport: WebDeps["api"] = {
    call: async (endpoint, _input, session) => (
      asked.push([endpoint.path, "call", session]),
      { ok: true, value: null as never }
    ),
    open: async (endpoint, _input, session) => (asked.push([endpoint.path, "open", session]), new Response("")),
    fetch: async () => new Response(""),
  };
  const sessions = new Map();
  const page = new Request("http://site.test/art/1", {
    headers: { cookie: "token=abc", "user-agent": "Mozilla/5.0 (yishe test)" },
  });
  const api = apiClient(
    page,
    new RouterContextProvider(
      new Map([[webContext, { api: transport, ...testWebDeps, clientIp: "192.0.2.1", sessions }]]),
    ),
  );
  await api.call(site.config);
  await api.open(inbox.events);
  const session = {
    token: "abc",
    clientIp: "192.0.2.1",
    agent: "Mozilla/5.0 (yishe test)",
    origin: "http://site.test",
    memo: sessions,
  };
  expect(asked).toEqual([
    ["/config/configs", "call", session],
    ["/user/events", "open", session],
  ]);
});

it("calls a path with its parameters filled in and encoded, and a query beside them", async () => {
  const asked: string[] = [];
  const transport = overHttp(async (req) => {
    asked.push(new URL(req.url).pathname + new URL(req.url).search);
    return Response.json({ success: true, errorCode: 0, message: "", data: null });
  });
  const api = apiClient(
    new Request("http://site.test/"),
    new RouterContextProvider(new Map([[webContext, { api: transport, ...testWebDeps }]])),
  );
  await api.call(works.detail, { params: { id: 7 } });
  await api.call(comments.list, { query: { workId: 7, cursor: "a b" } });
  await api.call(site.sitemapFile, { params: { kind: "works", page: 0 } });
  await api.call(site.tag, { params: { id: "../admin" } });
  expect(asked).toEqual([
    "/api/art/7",
    "/api/comment/list?workId=7&cursor=a+b",
    "/api/sitemap/works/0",
    "/api/tag/..%2Fadmin",
  ]);
});

// Never run: what the typecheck (npm run typecheck) must refuse, each marked where it has to fail.
export async function typecheckOnly(api: ReturnType<typeof apiClient>) {
  const work: WorkDetailView = await api.call(works.detail, { params: { id: 1 } });
  // @ts-expect-error a work's page is not a page of comments: the answer type comes from the endpoint
  const wrong: Page<CommentView> = await api.call(works.detail, { params: { id: 1 } });
  // @ts-expect-error a path with a parameter needs its value
  await api.call(works.detail);
  // @ts-expect-error a parameter the path does not have
  await api.call(works.detail, { params: { workId: 1 } });
  // @ts-expect-error an event stream is opened, not called for an envelope
  await api.open(works.detail);
  return [work, wrong];
}
