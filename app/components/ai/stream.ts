import { useCallback, useRef, useState } from "react";
import type { AiConversationView, AiMessageView, AiSourceView, AiStreamEvent } from "../../../contract/ai/views.ts";
import { readEvents } from "../../../contract/ai/stream.ts";
import type { AnswerShown } from "./AiAnswer.tsx";

/** An answer being written in this page: the question asked and what has arrived of its answer. */
export type LiveExchange = {
  question: string;
  conversationId: number | null;
  answer: AnswerShown;
  /** The question's refusal, when it was refused before any answer (its field's message, or the form's). */
  refused: string | null;
  /** How many messages the conversation holds once this exchange is stored: the page's count when asked, plus two. */
  storedAt: number;
};

/** Folds one event into the answer so far. */
export function applyEvent(live: LiveExchange, event: AiStreamEvent): LiveExchange {
  const answer = live.answer;
  switch (event.type) {
    case "start":
      return { ...live, conversationId: event.conversationId };
    case "sources":
      return { ...live, answer: { ...answer, sources: event.sources } };
    case "reasoning":
      return { ...live, answer: { ...answer, reasoning: answer.reasoning + event.text } };
    case "answer":
      return { ...live, answer: { ...answer, content: answer.content + event.text } };
    case "done":
      return { ...live, answer: shown(event.answer) };
    case "error":
      return { ...live, answer: { ...answer, state: "failed", error: event.message } };
  }
}

/**
 * What the page draws: the stored messages, and the exchange being written until the loaded conversation holds it.
 * Both follow from the same render, so the written answer and its stored copy are never on the page together, and a
 * follow-up's answer stays until its stored copy arrives (the earlier answer at the end is not it).
 */
export function handOver(live: LiveExchange | null, current: AiConversationView | null) {
  const messages = current?.messages ?? null;
  if (!live) return { messages, live };
  const held = current !== null && current.id === live.conversationId;
  const stored =
    held &&
    live.answer.state !== "writing" &&
    current.messages.length >= live.storedAt &&
    messages?.at(-1)?.role === "assistant";
  if (stored) return { messages, live: null };
  // The question stored while its answer is written is drawn once, with the answer.
  return { messages: held && messages?.at(-1)?.role === "user" ? messages.slice(0, -1) : messages, live };
}

const shown = (m: AiMessageView): AnswerShown => ({
  content: m.content,
  reasoning: m.reasoning,
  sources: m.sources as AiSourceView[],
  state: m.state,
  think: m.think,
  search: m.search,
});

/**
 * Asking with the page's script: the form posts to /ai/stream and the answer is drawn as it arrives; 停止 aborts
 * the request (the server keeps what was written, marked stopped). `finished` runs once the answer is stored.
 */
export function useAiStream(finished: (conversationId: number) => unknown) {
  const [live, setLive] = useState<LiveExchange | null>(null);
  const controller = useRef<AbortController | null>(null);
  const writing = live?.answer.state === "writing";
  const clear = useCallback(() => setLive(null), []);

  /** `held`: how many messages the conversation the form continues has (none: it starts one). */
  async function ask(form: HTMLFormElement, held = 0) {
    const data = new FormData(form);
    const question = String(data.get("question") ?? "").trim();
    const start: LiveExchange = {
      question,
      conversationId: null,
      refused: null,
      storedAt: held + 2,
      answer: {
        content: "",
        reasoning: "",
        sources: [],
        state: "writing",
        think: data.get("think") === "on",
        search: data.get("search") === "on",
      },
    };
    let current = start;
    const update = (next: LiveExchange) => setLive((current = next));
    update(start);
    // The box empties for the next question; a refused one is put back.
    const box = form.elements.namedItem("question") as HTMLTextAreaElement | null;
    if (box) box.value = "";
    const stop = new AbortController();
    controller.current = stop;
    try {
      const res = await fetch("/ai/stream", { method: "POST", body: data, signal: stop.signal });
      if (!res.ok || !res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) {
        const refusal = (await res.json().catch(() => null)) as {
          message?: string;
          fieldErrors?: Record<string, string>;
        } | null;
        const message = refusal?.fieldErrors?.question || refusal?.message || "请求失败，请稍后再试";
        if (box) box.value = question;
        return update({ ...current, refused: message });
      }
      for await (const event of readEvents(res.body)) update(applyEvent(current, event));
      if (current.answer.state === "writing")
        update({ ...current, answer: { ...current.answer, state: "failed", error: "AI 的回答中断了，请重试" } });
    } catch {
      update({
        ...current,
        answer: stop.signal.aborted
          ? { ...current.answer, state: "stopped" }
          : { ...current.answer, state: "failed", error: "网络连接中断了，请重试" },
      });
    } finally {
      controller.current = null;
    }
    if (current.conversationId) finished(current.conversationId);
  }

  return {
    live,
    writing,
    ask,
    stop: () => controller.current?.abort(),
    clear,
  };
}
