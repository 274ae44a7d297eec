import { endpoints } from "../lib/endpoint.ts";
import { ai } from "../../contract/ai/endpoints.ts";
import type { AiExchangeView, AiMessageView, AiStreamEvent } from "../../contract/ai/views.ts";
import { eventText } from "../../contract/ai/stream.ts";
import { requireStaff, requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import {
  aiStatus,
  answer,
  beginAsking,
  getConversation,
  listConversations,
  removeConversation,
} from "../services/ai/ai.ts";
import { aiAdmin, saveAiSettings } from "../services/ai/ai-settings.ts";

/**
 * The site's AI: status, the member's conversations, asking (the finished answer, or its events as they come), and
 * the admin's settings and usage.
 */
export const aiRoutes = endpoints()
  .answer(ai.status, async (c) => aiStatus(c.deps, c.user?.id ?? null))
  .answer(ai.conversations, async (c) => listConversations(c.deps, requireUser(c).id))
  .answer(ai.conversation, async (c) => getConversation(c.deps, requireUser(c).id, c.input.params.id))
  .answer(ai.remove, async (c) => removeConversation(c.deps, requireUser(c).id, c.input.params.id))
  .answer(ai.ask, async (c) => {
    const deps = c.deps;
    const asked = await beginAsking(deps, requireUser(c), c.input.body);
    let answerView: AiMessageView | null = null;
    for await (const event of answer(deps, asked, c.signal)) {
      if (event.type === "done") answerView = event.answer;
      // A failed answer is kept (the conversation shows it failed) and its message is the call's error.
      if (event.type === "error") throw new ApiError("busy", event.message);
    }
    return {
      conversationId: asked.conversationId,
      question: asked.question,
      answer: answerView!,
    } satisfies AiExchangeView;
  })
  .respond(ai.stream, async (c) => {
    const deps = c.deps;
    // Refusals (AI off, a refused word, the rate, the quota) are an envelope, before any event.
    const asked = await beginAsking(deps, requireUser(c), c.input.body);
    const stop = new AbortController();
    const encoder = new TextEncoder();
    let open = true;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: AiStreamEvent) => {
          if (open) controller.enqueue(encoder.encode(eventText(event)));
        };
        send({ type: "start", conversationId: asked.conversationId, question: asked.question });
        // Read to the end even when the reader has gone: the answer so far is stored as stopped.
        for await (const event of answer(deps, asked, stop.signal)) send(event);
        if (open) controller.close();
        open = false;
      },
      cancel() {
        open = false;
        stop.abort();
      },
    });
    c.signal.addEventListener("abort", () => stop.abort(), { once: true });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  })
  .answer(ai.admin, async (c) => {
    requireStaff(c);
    return aiAdmin(c.deps);
  })
  .answer(ai.saveSettings, async (c) => saveAiSettings(c.deps, requireStaff(c), c.input.body)).all;
