import { describe, expect, it } from "vitest";
import { applyEvent, handOver, type LiveExchange } from "./stream.ts";
import { eventText, readEvents } from "../../../contract/ai/stream.ts";
import type { AiStreamEvent } from "../../../contract/ai/views.ts";

const start: LiveExchange = {
  question: "问",
  conversationId: null,
  refused: null,
  storedAt: 2,
  answer: { content: "", reasoning: "", sources: [], state: "writing", think: true, search: true },
};

describe("an answer as it arrives", () => {
  it("folds events into the answer, ending with the stored one", () => {
    const events: AiStreamEvent[] = [
      { type: "start", conversationId: 9, question: {} as never },
      { type: "sources", sources: [{ n: 1, artId: 2, title: "雨夜", author: "青木" }] },
      { type: "reasoning", text: "想" },
      { type: "reasoning", text: "一想" },
      { type: "answer", text: "见" },
      { type: "answer", text: "[1]" },
    ];
    const live = events.reduce(applyEvent, start);
    expect(live.conversationId).toBe(9);
    expect(live.answer).toMatchObject({ reasoning: "想一想", content: "见[1]", state: "writing" });
    const failed = applyEvent(live, { type: "error", message: "AI 服务繁忙，请稍后再试" });
    expect(failed.answer).toMatchObject({ state: "failed", error: "AI 服务繁忙，请稍后再试", content: "见[1]" });
  });

  it("reads server-sent events split anywhere across chunks", async () => {
    const text = eventText({ type: "answer", text: "你好" }) + eventText({ type: "answer", text: "！" });
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        // Split inside a multi-byte character, too.
        for (let i = 0; i < bytes.length; i += 5) c.enqueue(bytes.slice(i, i + 5));
        c.close();
      },
    });
    const got: AiStreamEvent[] = [];
    for await (const e of readEvents(body)) got.push(e);
    expect(got).toEqual([
      { type: "answer", text: "你好" },
      { type: "answer", text: "！" },
    ]);
  });
});

describe("the written answer handing over to the stored one", () => {
  const message = (id: number, role: "user" | "assistant") =>
    ({
      id,
      role,
      content: `${id}`,
      reasoning: "",
      sources: [],
      state: "done",
      think: false,
      search: false,
      createdAt: 0,
    }) as never;
  const conversation = (...roles: ("user" | "assistant")[]) => ({
    id: 9,
    title: "问",
    updatedAt: 0,
    messages: roles.map((r, i) => message(i + 1, r)),
  });
  const asked = (held: number, state: LiveExchange["answer"]["state"]): LiveExchange => ({
    ...start,
    conversationId: 9,
    storedAt: held + 2,
    answer: { ...start.answer, state },
  });

  it("draws the written answer alone until the page holds it, then the stored one alone", () => {
    const writing = handOver(asked(0, "writing"), conversation("user"));
    expect(writing.live).not.toBeNull();
    expect(writing.messages).toEqual([]);
    // Done, and the conversation read again holds the answer: never both.
    const done = handOver(asked(0, "done"), conversation("user", "assistant"));
    expect(done.live).toBeNull();
    expect(done.messages).toHaveLength(2);
  });

  it("keeps a follow-up's answer while the page still shows the earlier exchange", () => {
    // The conversation ends with the earlier answer: not this one, so this one stays on the page.
    const waiting = handOver(asked(2, "done"), conversation("user", "assistant"));
    expect(waiting.live).not.toBeNull();
    expect(waiting.messages).toHaveLength(2);
    const stored = handOver(asked(2, "done"), conversation("user", "assistant", "user", "assistant"));
    expect(stored.live).toBeNull();
  });

  it("keeps a stopped answer whose stored copy has not arrived, and another conversation's page", () => {
    expect(handOver(asked(0, "stopped"), conversation("user")).live).not.toBeNull();
    const elsewhere = handOver({ ...asked(0, "done"), conversationId: 3 }, conversation("user", "assistant"));
    expect(elsewhere.live).not.toBeNull();
    expect(elsewhere.messages).toHaveLength(2);
  });
});
