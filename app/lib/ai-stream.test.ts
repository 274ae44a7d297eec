import { describe, expect, it } from "vitest";
import { applyEvent, type LiveExchange } from "./ai-stream.ts";
import { eventText, readEvents } from "../../contract/ai-stream.ts";
import type { AiStreamEvent } from "../../contract/views/ai.ts";

const start: LiveExchange = {
  question: "问",
  conversationId: null,
  refused: null,
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
