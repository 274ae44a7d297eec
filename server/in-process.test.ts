import { Hono } from "hono";
import { expect, it } from "vitest";
import { ok } from "../api/lib/envelope.ts";
import { inProcessAnswer } from "./in-process.ts";

const api = new Hono().get("/ok", (c) => ok(c, { title: "雨夜", tags: ["水彩"] }));

it("reads an envelope answer made in this process from its text, leaving the body unread", async () => {
  const res = inProcessAnswer(await api.request("/ok"));
  expect(await res.json()).toEqual({
    success: true,
    errorCode: 0,
    message: "",
    data: { title: "雨夜", tags: ["水彩"] },
  });
  expect(res.bodyUsed).toBe(false);
});

it("reads any other answer through its body, as before", async () => {
  const res = inProcessAnswer(new Response('{"success":false}', { status: 502 }));
  expect(await res.json()).toEqual({ success: false });
  expect(res.bodyUsed).toBe(true);
  await expect(inProcessAnswer(new Response("<html>")).json()).rejects.toThrow();
});
