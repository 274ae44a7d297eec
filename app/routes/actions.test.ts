// Route-level tests of the posts the card names: each action runs inside the root middleware, as React Router runs
// it, against a fake API that records what it was asked and answers as told.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { testWebDeps, webContext } from "../lib/context.ts";
import { requestMiddleware } from "../lib/request.server.ts";
import { action as workPage } from "./art/detail.tsx";
import { action as publish } from "./art/publish.tsx";
import { action as signin } from "./user/signin.tsx";
import { action as follow } from "./user/follow.ts";
import { overHttp } from "../../api/serve/transport.ts";

type Call = { method: string; path: string; body: Record<string, string>; token: string | null };
type Answer = {
  status?: number;
  data?: unknown;
  errorCode?: number;
  message?: string;
  fieldErrors?: Record<string, string>;
};

async function post(
  run: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; params?: Record<string, string>; answers?: Record<string, Answer> } = {},
) {
  const calls: Call[] = [];
  const apiFetch = async (req: Request) => {
    const url = new URL(req.url);
    const body = req.method === "POST" ? Object.fromEntries(new URLSearchParams(await req.text())) : {};
    calls.push({ method: req.method, path: url.pathname, body, token: req.headers.get("x-user-token") });
    const answer = options.answers?.[url.pathname] ?? { data: {} };
    const ok = (answer.status ?? 200) === 200;
    const data = ok ? answer.data : answer.fieldErrors ? { fieldErrors: answer.fieldErrors } : null;
    return Response.json(
      { success: ok, errorCode: answer.errorCode ?? (ok ? 0 : 1001), message: answer.message ?? "", data },
      { status: answer.status ?? 200 },
    );
  };
  const context = new RouterContextProvider(new Map([[webContext, { api: overHttp(apiFetch), ...testWebDeps }]]));
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (options.cookie) headers.cookie = options.cookie;
  const request = new Request(`http://site.test${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  let result: unknown;
  const response = (await requestMiddleware({ request, context, params: {}, pattern: "" } as never, async () => {
    try {
      result = await run({ request, context, params: options.params ?? {} } as never);
    } catch (thrown) {
      result = thrown;
    }
    return result instanceof Response ? result : new Response("data");
  })) as Response;
  const cookies = response.headers.getSetCookie().join("\n");
  return { calls, result, response, cookies };
}

const dataOf = (result: unknown) => (result as { data: Record<string, unknown> }).data ?? result;
const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status ?? 200;

describe("the work page's posts", () => {
  const signedIn = { cookie: "token=tok", params: { id: "5" } };

  it.each([
    ["like", "/api/art/like/5", "点赞成功"],
    ["unlike", "/api/art/unlike/5", "已取消点赞"],
    ["favorite", "/api/art/favorite/5", "收藏成功"],
    ["unfavorite", "/api/art/unfavorite/5", "已取消收藏"],
  ])("%s without JavaScript calls %s and comes back with a toast", async (intent, apiPath, toast) => {
    const { calls, response, cookies } = await post(workPage, "/art/5", { intent }, signedIn);
    expect(calls).toEqual([{ method: "POST", path: apiPath, body: {}, token: "tok" }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/art/5#marks");
    // The flash cookie carries URI-encoded JSON, encoded again as a cookie value.
    expect(decodeURIComponent(decodeURIComponent(cookies))).toContain(toast);
  });

  it("comments, replying to a comment, and returns to the comments", async () => {
    const { calls, response } = await post(
      workPage,
      "/art/5",
      { intent: "comment", content: "好看", replyTo: "9" },
      signedIn,
    );
    expect(calls[0]).toMatchObject({
      path: "/api/comment/create",
      body: { workId: "5", content: "好看", replyTo: "9" },
    });
    expect(response.headers.get("location")).toBe("/art/5#comments");
  });

  it("answers a fetcher (js=1) with data, and a failed comment with its message and status", async () => {
    const ok = await post(workPage, "/art/5", { intent: "like", js: "1" }, signedIn);
    expect(dataOf(ok.result)).toEqual({ ok: true });
    const failed = await post(
      workPage,
      "/art/5",
      { intent: "comment", content: "", js: "1" },
      { ...signedIn, answers: { "/api/comment/create": { status: 400, message: "请输入评论内容" } } },
    );
    // The refusal every form gets (message, field errors), and what the fetcher reads (ok, error).
    expect(dataOf(failed.result)).toEqual({
      ok: false,
      error: "请输入评论内容",
      message: "请输入评论内容",
      fieldErrors: {},
    });
    expect(statusOf(failed.result)).toBe(400);
  });

  it("deletes a comment and a work", async () => {
    const comment = await post(workPage, "/art/5", { intent: "deleteComment", commentId: "12" }, signedIn);
    expect(comment.calls[0].path).toBe("/api/comment/delete/12");
    const work = await post(workPage, "/art/5", { intent: "deleteWork" }, signedIn);
    expect(work.calls[0].path).toBe("/api/art/delete/5");
    expect(work.response.headers.get("location")).toBe("/");
  });

  it("sends a visitor to sign in and back, and refuses an unknown intent", async () => {
    const visitor = await post(workPage, "/art/5", { intent: "like" }, { params: { id: "5" } });
    expect(visitor.calls).toEqual([]);
    expect(visitor.response.headers.get("location")).toBe("/user/signin?ref=%2Fart%2F5");
    const unknown = await post(workPage, "/art/5", { intent: "explode" }, signedIn);
    expect(unknown.calls).toEqual([]);
    expect(statusOf(unknown.result)).toBe(400);
  });
});

describe("publishing", () => {
  it("sends the form to the API and opens the new work", async () => {
    const { calls, response } = await post(
      publish,
      "/art/create",
      { type: "1", nodeId: "2", content: "速写", tags: "水彩" },
      { cookie: "token=tok", answers: { "/api/art/create": { data: { artId: 41 } } } },
    );
    expect(calls[0]).toMatchObject({
      path: "/api/art/create",
      body: { type: "1", nodeId: "2", content: "速写", tags: "水彩", images: "[]" },
    });
    expect(response.headers.get("location")).toBe("/art/41");
  });

  it("comes back with what was typed and the API's field errors", async () => {
    const { result } = await post(
      publish,
      "/art/edit/7",
      { type: "0", nodeId: "2", title: "", content: "正文" },
      {
        cookie: "token=tok",
        params: { id: "7" },
        answers: { "/api/art/update/7": { status: 400, message: "请输入标题", fieldErrors: { title: "请输入标题" } } },
      },
    );
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toMatchObject({
      message: "请输入标题",
      fieldErrors: { title: "请输入标题" },
      values: { content: "正文" },
    });
  });
});

describe("signing in", () => {
  it("keeps the token in an HttpOnly cookie and returns to a safe ref", async () => {
    const session = { token: "t0k", user: { nickname: "青木" }, expiresAt: 0 };
    const { calls, response, cookies } = await post(
      signin,
      "/user/signin",
      { intent: "signin", username: "qingmu", password: "pw", ref: "/art/3" },
      {
        answers: {
          "/api/login/signin": { data: session },
          "/api/config/configs": { data: { tokenExpireDays: 30, captcha: false } },
        },
      },
    );
    expect(calls.find((c) => c.path === "/api/login/signin")?.body).toMatchObject({
      username: "qingmu",
      password: "pw",
    });
    expect(response.headers.get("location")).toBe("/art/3");
    expect(cookies).toMatch(/token=t0k; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("answers a wrong password with the message, keeps what was typed but the password, and never leaves the site", async () => {
    const { result } = await post(
      signin,
      "/user/signin",
      { intent: "signin", username: "qingmu", password: "nope", ref: "//evil.example" },
      {
        answers: {
          "/api/login/signin": {
            status: 400,
            message: "用户名或密码错误",
            fieldErrors: { password: "用户名或密码错误" },
          },
          "/api/config/configs": { data: { captcha: false } },
        },
      },
    );
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toMatchObject({
      intent: "signin",
      message: "用户名或密码错误",
      values: { username: "qingmu" },
    });
    expect(JSON.stringify(dataOf(result))).not.toContain("nope");
  });
});

describe("the follow button's post", () => {
  const signedIn = { cookie: "token=tok", params: { userId: "7" } };

  it.each([
    ["follow", "/api/fans/follow", "关注成功"],
    ["unfollow", "/api/fans/unfollow", "取消关注成功"],
  ])("%s calls %s and goes back where it was posted from, with a toast", async (intent, apiPath, toast) => {
    const { calls, response, cookies } = await post(
      follow,
      "/user/7/follow",
      { intent, ref: "/art/3?comments=x" },
      signedIn,
    );
    expect(calls).toEqual([{ method: "POST", path: apiPath, body: { userId: "7" }, token: "tok" }]);
    expect(response.headers.get("location")).toBe("/art/3?comments=x");
    expect(decodeURIComponent(decodeURIComponent(cookies))).toContain(toast);
  });

  it("never goes back to another site, answers a fetcher with the new state, and says why a follow failed", async () => {
    const away = await post(follow, "/user/7/follow", { intent: "follow", ref: "//evil.example/x" }, signedIn);
    expect(away.response.headers.get("location")).toBe("/user/7");
    const js = await post(
      follow,
      "/user/7/follow",
      { intent: "follow", js: "1" },
      {
        ...signedIn,
        answers: { "/api/fans/follow": { data: { followed: true, fansCount: 3 } } },
      },
    );
    expect(dataOf(js.result)).toEqual({ ok: true, followed: true, fansCount: 3 });
    const self = await post(
      follow,
      "/user/7/follow",
      { intent: "follow", js: "1" },
      {
        ...signedIn,
        answers: { "/api/fans/follow": { status: 400, message: "不能关注自己" } },
      },
    );
    expect([dataOf(self.result), statusOf(self.result)]).toEqual([
      { ok: false, error: "不能关注自己", message: "不能关注自己", fieldErrors: {} },
      400,
    ]);
  });

  it("sends a visitor to sign in with the way back, and refuses an unknown intent", async () => {
    const visitor = await post(
      follow,
      "/user/7/follow",
      { intent: "follow", ref: "/user/7" },
      { params: { userId: "7" } },
    );
    expect(visitor.calls).toEqual([]);
    expect(visitor.response.headers.get("location")).toBe("/user/signin?ref=%2Fuser%2F7");
    const unknown = await post(follow, "/user/7/follow", { intent: "block" }, signedIn);
    expect([unknown.calls, statusOf(unknown.result)]).toEqual([[], 400]);
  });
});
