import { describe, expect, it } from "vitest";
import { citationParts } from "./ai.ts";
import { eventText, readEvents } from "./stream.ts";
import type { AiStreamEvent } from "./views.ts";

describe("citations in an answer", () => {
  it("links [n] to one of the passages given, and leaves an invented number as text", () => {
    expect(citationParts("水彩要留白[1]，见[9]与[2]。", 2)).toEqual([
      { text: "水彩要留白" },
      { cite: 1 },
      { text: "，见[9]与" },
      { cite: 2 },
      { text: "。" },
    ]);
    expect(citationParts("[0][3]", 2)).toEqual([{ text: "[0][3]" }]);
  });
});

/** A body that arrives in the given pieces, and says whether the reader cancelled it. */
function body(pieces: string[]) {
  const bytes = new TextEncoder();
  const seen = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(bytes.encode(next));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("the answer's wire form", () => {
  const events: AiStreamEvent[] = [
    { type: "reasoning", text: "先看光线" },
    { type: "answer", text: "多行\n文字与 data: 假行\n\n之后" },
    { type: "error", message: "服务繁忙" },
  ];

  it("reads back what was written, however the bytes are cut", async () => {
    const whole = events.map(eventText).join("");
    // Cut everywhere, even inside a character of three bytes: the decoder keeps a split character.
    const bytes = new TextEncoder().encode(whole);
    const pieces = [...bytes].map((b) => String.fromCharCode(b));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(new Uint8Array([p.charCodeAt(0)]));
        controller.close();
      },
    });
    const read: AiStreamEvent[] = [];
    for await (const event of readEvents(stream)) read.push(event);
    expect(read).toEqual(events);
  });

  it("cancels the body when the reader stops early", async () => {
    const { stream, seen } = body([eventText(events[0]!), eventText(events[1]!), eventText(events[2]!)]);
    for await (const event of readEvents(stream)) {
      expect(event).toEqual(events[0]);
      break;
    }
    expect(seen.cancelled).toBe(true);
  });
});
