import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { envelopeText, fail, notFoundEnvelope, ok } from "./envelope.ts";

describe("envelope answers", () => {
  const app = new Hono()
    .get("/ok", (c) => ok(c, { name: "画友", list: [1, 2] }))
    .get("/fail", (c) => fail(c, new ApiError("badRequest", "请填写标题", { title: "请填写标题" })))
    .get("/missing", (c) => notFoundEnvelope(c));

  it("answer as c.json would, and keep the text each was made of", async () => {
    for (const [path, status] of [
      ["/ok", 200],
      ["/fail", 400],
      ["/missing", 404],
    ] as const) {
      const res = await app.request(path);
      expect([path, res.status, res.headers.get("content-type")]).toEqual([path, status, "application/json"]);
      const text = envelopeText(res);
      expect(text).toBe(await res.text());
    }
    expect(JSON.parse(envelopeText(await app.request("/ok"))!)).toEqual({
      success: true,
      errorCode: 0,
      message: "",
      data: { name: "画友", list: [1, 2] },
    });
    expect(JSON.parse(envelopeText(await app.request("/fail"))!).data).toEqual({
      fieldErrors: { title: "请填写标题" },
    });
  });

  it("know no text for an answer they did not make", () => {
    expect(envelopeText(new Response('{"success":true}'))).toBeUndefined();
  });
});
