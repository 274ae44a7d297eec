import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { testWebDeps, webContext } from "./context.ts";
import { requestMiddleware } from "./request.server.ts";
import { currentUser } from "./site.server.ts";
import { overHttp } from "../../api/serve/transport.ts";

/** Runs fn inside the root middleware, as React Router runs loaders, against an API that counts its calls. */
async function withRequest(
  fn: (request: Request, context: RouterContextProvider) => Promise<void>,
  answer: { status: number; body: unknown },
) {
  const calls: string[] = [];
  const apiFetch = async (req: Request) => {
    calls.push(new URL(req.url).pathname);
    return Response.json(answer.body, { status: answer.status });
  };
  const context = new RouterContextProvider(new Map([[webContext, { api: overHttp(apiFetch), ...testWebDeps }]]));
  const request = new Request("http://site.test/art/create", { headers: { cookie: "token=abc" } });
  const response = await requestMiddleware(
    { request, context, params: {}, unstable_pattern: "", pattern: "" } as never,
    async () => {
      await fn(request, context);
      return new Response("ok");
    },
  );
  return { calls, response: response as Response };
}

describe("currentUser", () => {
  it("asks the API once per request, however many loaders want it", async () => {
    const user = { id: 1, nickname: "青木" };
    const { calls } = await withRequest(
      async (request, context) => {
        const [a, b] = await Promise.all([currentUser(request, context), currentUser(request, context)]);
        expect(a).toEqual(user);
        expect(await currentUser(request, context)).toBe(b);
      },
      { status: 200, body: { success: true, errorCode: 0, message: "", data: user } },
    );
    expect(calls).toEqual(["/api/user/current"]);
  });

  it("drops a token the API no longer accepts, once", async () => {
    const { response } = await withRequest(
      async (request, context) => {
        expect(await Promise.all([currentUser(request, context), currentUser(request, context)])).toEqual([null, null]);
      },
      { status: 401, body: { success: false, errorCode: 1004, message: "登录已失效，请重新登录", data: null } },
    );
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^token=; Max-Age=0/)]);
  });
});
