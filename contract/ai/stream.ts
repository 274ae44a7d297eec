import type { AiStreamEvent } from "./views.ts";

/**
 * The wire form of an answer as it is written (text/event-stream): each event one `data:` line of JSON. Written by
 * the API (api/routes/ai.ts), read by the page (app/components/ai/stream.ts) and the tests, so the two ends cannot drift.
 */
export const eventText = (event: AiStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** The events in a text/event-stream body, as they come; leaving the loop early cancels the body (stops the answer). */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AiStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buffer.indexOf("\n\n")) >= 0) {
        const data = buffer
          .slice(0, at)
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => line.slice(6))
          .join("\n");
        buffer = buffer.slice(at + 2);
        if (data) yield JSON.parse(data) as AiStreamEvent;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
