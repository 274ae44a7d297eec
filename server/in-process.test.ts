import { Hono } from "hono";
import { expect, it, vi } from "vitest";
import { ok } from "../api/lib/envelope.ts";
import { inProcessAnswer } from "./in-process.ts";

const card = { title: "雨夜", tags: ["水彩"] };
const api = new Hono()
  .get("/ok", (c) => ok(c, card))
  .get("/odd", (c) => ok(c, { title: "雨夜", summary: undefined }))
  .get("/nan", (c) => ok(c, { likes: Number.NaN }));
const asValues = { values: true };

it("hands a loader the envelope the API made when the call takes values, writing no JSON", async () => {
  const res = inProcessAnswer(await api.request("/ok", {}, asValues), "/ok");
  const body = await res.json();
  expect(body).toEqual({ success: true, errorCode: 0, message: "", data: card });
  expect(res.bodyUsed).toBe(false);
  // Checked (the call's address given, as under the tests) the loader's copy is frozen: a loader that changed it would change every page's.
  expect(() => body.data.tags.push("油画")).toThrow(TypeError);
  expect(card.tags).toEqual(["水彩"]);
});

it("answers a caller of values with the status and type, and no body", async () => {
  const res = await api.request("/ok", {}, asValues);
  expect([res.status, res.headers.get("content-type"), res.body]).toEqual([200, "application/json", null]);
});

it("hands production's loader the value itself, unchecked", async () => {
  const body = await inProcessAnswer(await api.request("/ok", {}, asValues)).json();
  expect(body.data).toBe(card);
});

it("refuses, when checking, a value that its JSON would not carry as it is", async () => {
  await expect(inProcessAnswer(await api.request("/odd", {}, asValues), "/odd").json()).rejects.toThrow(
    /not what its JSON/,
  );
  await expect(inProcessAnswer(await api.request("/nan", {}, asValues), "/nan").json()).rejects.toThrow(
    /not what its JSON/,
  );
});

it("reads an envelope answer made for another caller from its text, leaving the body unread", async () => {
  const res = inProcessAnswer(await api.request("/ok"));
  expect(await res.json()).toEqual({ success: true, errorCode: 0, message: "", data: card });
  expect(res.bodyUsed).toBe(false);
});

it("reads any other answer through its body, as before", async () => {
  const res = inProcessAnswer(new Response('{"success":false}', { status: 502 }));
  expect(await res.json()).toEqual({ success: false });
  expect(res.bodyUsed).toBe(true);
  await expect(inProcessAnswer(new Response("<html>")).json()).rejects.toThrow();
});

it("writes no JSON for a value answer whose body nobody reads", async () => {
  const stringify = vi.spyOn(JSON, "stringify");
  try {
    await api.request("/ok", {}, asValues);
    await new Promise((r) => setTimeout(r, 10));
    expect(stringify).not.toHaveBeenCalled();
  } finally {
    stringify.mockRestore();
  }
});
