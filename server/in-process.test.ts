import { Hono } from "hono";
import { expect, it, vi } from "vitest";
import { ok } from "../api/lib/envelope.ts";
import { inProcess, overHttp } from "./in-process.ts";

const card = { title: "雨夜", tags: ["水彩"] };
const api = new Hono()
  .get("/ok", (c) => ok(c, card))
  .get("/odd", (c) => ok(c, { title: "雨夜", summary: undefined }))
  .get("/nan", (c) => ok(c, { likes: Number.NaN }))
  .get("/raw", (c) => c.json({ success: false, errorCode: 1000, message: "手写的", data: null }, 400))
  .get("/html", (c) => c.html("<h1>502</h1>", 502));
const url = (path: string) => new Request(`http://api.test${path}`);

it("hands a loader the envelope the API made, with its status, as a value: no JSON either way", async () => {
  // The request is made first: undici's first Request in a process sets itself up with JSON of its own.
  const request = url("/ok");
  const stringify = vi.spyOn(JSON, "stringify");
  try {
    const answered = await inProcess(api).call(request, "");
    expect(answered).toEqual({ status: 200, envelope: { success: true, errorCode: 0, message: "", data: card } });
    expect(answered.envelope.data).toBe(card);
    expect(stringify).not.toHaveBeenCalled();
  } finally {
    stringify.mockRestore();
  }
});

it("checked (the tests, the dev server), hands a frozen copy, and refuses a value its JSON would not carry", async () => {
  const checked = inProcess(api, {}, { checked: true });
  const { envelope } = await checked.call(url("/ok"), "");
  expect(envelope.data).toEqual(card);
  expect(envelope.data).not.toBe(card);
  // A loader that changed it would change every page's that shares it.
  expect(() => (envelope.data as typeof card).tags.push("油画")).toThrow(TypeError);
  await expect(checked.call(url("/odd"), "")).rejects.toThrow(/not what its JSON/);
  await expect(checked.call(url("/nan"), "")).rejects.toThrow(/not what its JSON/);
});

it("reads an answer made another way from its body; a body that is no envelope reads as the API away", async () => {
  for (const transport of [inProcess(api), overHttp(async (req) => api.fetch(req))]) {
    expect(await transport.call(url("/raw"), "")).toEqual({
      status: 400,
      envelope: { success: false, errorCode: 1000, message: "手写的", data: null },
    });
    expect(await transport.call(url("/html"), "")).toMatchObject({
      status: 502,
      envelope: { success: false, errorCode: 5000, message: "服务暂时不可用，请稍后再试" },
    });
  }
});

it("hands on a response as it comes where the caller wants the response, with what goes beside each request", async () => {
  const seen: unknown[] = [];
  const spy = { fetch: (req: Request, env: object) => (seen.push(env), api.fetch(req)) };
  const res = await inProcess(spy, { sessions: "memo" }).fetch(url("/ok"), "203.0.113.9");
  expect(await res.json()).toMatchObject({ data: card });
  await inProcess(spy, { sessions: "memo" }).call(url("/ok"), "203.0.113.9");
  expect(seen[0]).toEqual({ sessions: "memo", clientIp: "203.0.113.9" });
  expect(seen[1]).toMatchObject({ sessions: "memo", clientIp: "203.0.113.9", answer: {} });
});
