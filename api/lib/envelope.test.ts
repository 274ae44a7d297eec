import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { fail, notFoundEnvelope, ok } from "./envelope.ts";

describe("envelope answers", () => {
  const app = new Hono()
    .get("/ok", (c) => ok(c, { name: "画友", list: [1, 2] }))
    .get("/fail", (c) => fail(c, new ApiError("badRequest", "请填写标题", { title: "请填写标题" })))
    .get("/busy", (c) => {
      const err = new ApiError("tooManyRequests");
      err.retryAfter = 30;
      return fail(c, err);
    })
    .get("/missing", (c) => notFoundEnvelope(c));

  it("answer JSON under the status requirements §7 gives each", async () => {
    for (const [path, status] of [
      ["/ok", 200],
      ["/fail", 400],
      ["/busy", 429],
      ["/missing", 404],
    ] as const) {
      const res = await app.request(path);
      expect([path, res.status, res.headers.get("content-type")]).toEqual([path, status, "application/json"]);
    }
    expect(await (await app.request("/ok")).json()).toEqual({
      success: true,
      errorCode: 0,
      message: "",
      data: { name: "画友", list: [1, 2] },
    });
    expect(((await (await app.request("/fail")).json()) as { data: unknown }).data).toEqual({
      fieldErrors: { title: "请填写标题" },
    });
    expect((await app.request("/busy")).headers.get("retry-after")).toBe("30");
    expect(((await (await app.request("/missing")).json()) as { message: string }).message).toBe("接口不存在");
  });
});
