import { aiLimits, type AiState } from "../../../contract/ai/ai.ts";
import { aiCalls, aiTokens } from "../../lib/metrics.ts";
import { checked } from "../../lib/health.ts";
import type {
  AiConversationSummary,
  AiConversationView,
  AiMessageView,
  AiSourceView,
  AiStatusView,
  AiStreamEvent,
} from "../../../contract/ai/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import {
  addTokens,
  chargeQuestion,
  conversationRow,
  conversationsOf,
  countMessages,
  deleteConversation,
  giveBackQuestion,
  insertConversation,
  insertMessage,
  messagesOf,
  questionsOn,
  touchConversation,
  worksForAi,
  type AiMessageRow,
} from "../../db/queries/ai.ts";
import { AiFailure, type AiUsage } from "../../lib/ai-provider.ts";
import { chinaDay } from "../../lib/china-time.ts";
import { ApiError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { answerMessages, newFence, titleOf, type Passage, type Turn } from "./ai-prompt.ts";
import { searchRounds } from "./ai-search.ts";
import { aiSettings } from "./ai-settings.ts";
import { answerScreen, screen } from "../moderation/sensitive-words.ts";
import type { Deps } from "../deps.ts";
import { describeError } from "../../../contract/shared/log.ts";

/**
 * 深度思考 and 深度搜索 (issue 35): a member's question, charged against the day's quota before the provider is asked
 * and given back when the provider fails; the answer streamed as it comes, screened as it grows, and kept with the
 * member's conversation, which nobody else can read.
 */

/** The provider, when it is configured and the admin has not switched it off; else the 未开启 error. */
async function providerOn(deps: Deps) {
  const settings = await aiSettings(deps);
  if (!deps.ai || !settings.enabled) throw new ApiError("aiOff");
  return { provider: deps.ai, settings };
}

export async function aiStatus(deps: Deps, userId: number | null): Promise<AiStatusView> {
  const settings = await aiSettings(deps);
  const on = !!deps.ai && settings.enabled;
  return {
    on,
    dailyQuota: settings.dailyQuota,
    usedToday: on && userId ? await questionsOn(deps.db, userId, chinaDay(deps.now())) : 0,
  };
}

const sourcesOf = (passages: Passage[]): AiSourceView[] =>
  passages.map(({ n, artId, title, author }) => ({ n, artId, title, author }));

function messageView(row: AiMessageRow): AiMessageView {
  let sources: AiSourceView[] = [];
  try {
    sources = JSON.parse(row.sources) as AiSourceView[];
  } catch {
    sources = [];
  }
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    reasoning: row.reasoning,
    sources,
    state: row.state as AiState,
    think: row.think === 1,
    search: row.search === 1,
    createdAt: Number(row.created_at),
  };
}

export async function listConversations(deps: Deps, userId: number): Promise<AiConversationSummary[]> {
  const rows = await conversationsOf(deps.db, userId, aiLimits.conversations);
  return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: Number(r.updated_at) }));
}

/** One of the member's conversations; another member's is as absent as one that never was. */
async function ownConversation(deps: Deps, userId: number, id: number) {
  const row = await conversationRow(deps.db, id);
  if (!row || row.user_id !== userId) throw new ApiError("notFound", "对话不存在或已删除");
  return row;
}

export async function getConversation(deps: Deps, userId: number, id: number): Promise<AiConversationView> {
  const row = await ownConversation(deps, userId, id);
  const messages = await messagesOf(deps.db, id, aiLimits.messages);
  return { id: row.id, title: row.title, updatedAt: Number(row.updated_at), messages: messages.map(messageView) };
}

export async function removeConversation(deps: Deps, userId: number, id: number) {
  if (!(await deleteConversation(deps.db, id, userId))) throw new ApiError("notFound", "对话不存在或已删除");
  return { removed: true };
}

export type AskInput = { question: string; conversationId?: number; think: boolean; search: boolean };

export type Asked = {
  userId: number;
  day: number;
  conversationId: number;
  question: AiMessageView;
  input: AskInput;
  history: Turn[];
};

/**
 * The earlier turns sent with a new question. An answer that quoted a work which may no longer go to an AI (its
 * author withdrew consent, or it is gone) stays out: its words would carry the work's (issue 53).
 */
async function historyOf(deps: Deps, conversationId: number): Promise<Turn[]> {
  const earlier = await messagesOf(deps.db, conversationId, aiLimits.historyTurns * 2);
  const quoted = (m: AiMessageRow) => messageView(m).sources.map((s) => s.artId);
  const ids = [...new Set(earlier.flatMap(quoted))];
  const allowed = new Set((await worksForAi(deps.db, ids, 1)).map((w) => w.id));
  return earlier
    .filter((m) => m.content && m.state !== "failed" && quoted(m).every((id) => allowed.has(id)))
    .map((m) => ({ role: m.role, content: m.content }));
}

/**
 * Everything that may refuse a question, before anything is stored or charged past it: the AI off, a refused word,
 * the rate, the conversation (the member's own, not full), the day's quota. Then the question is stored.
 */
export async function beginAsking(deps: Deps, user: CurrentUserView, input: AskInput): Promise<Asked> {
  const { settings } = await providerOn(deps);
  const { fields } = await screen(deps, { question: input.question });
  const wait = await deps.limiter.hit("aiMinute", String(user.id), settings.perMinute);
  if (wait) throw tooMany(wait, "提问太频繁了");
  let history: Turn[] = [];
  if (input.conversationId) {
    await ownConversation(deps, user.id, input.conversationId);
    if ((await countMessages(deps.db, input.conversationId)) >= aiLimits.messages)
      throw new ApiError("validation", "这个对话太长了，请开始新的对话");
    history = await historyOf(deps, input.conversationId);
  }
  const now = deps.now();
  const day = chinaDay(now);
  const charged = await chargeQuestion(deps.db, user.id, day, settings.dailyQuota, settings.siteDaily);
  if (charged !== "charged") throw new ApiError(charged === "site" ? "aiSiteQuota" : "aiQuota");
  const { conversationId, row } = await deps.db.transaction().execute(async (trx) => {
    const id = input.conversationId ?? (await insertConversation(trx, user.id, titleOf(fields.question), now));
    await touchConversation(trx, id, now);
    const question = await insertMessage(trx, {
      conversation_id: id,
      role: "user",
      content: fields.question,
      reasoning: "",
      sources: "[]",
      state: "done",
      think: input.think ? 1 : 0,
      search: input.search ? 1 : 0,
      created_at: now,
    });
    return { conversationId: id, row: question };
  });
  return {
    userId: user.id,
    day,
    conversationId,
    question: messageView(row),
    input: { ...input, question: fields.question },
    history,
  };
}

/**
 * The answer as it is written. Always ends with `done` (the answer stored, whole, cut, stopped or at its length
 * limit) or `error` (the provider failed: the question is given back). Stopping `signal` ends it early; what was
 * written is kept, and the question stays charged once the provider has been asked (it has read the prompt).
 */
export async function* answer(deps: Deps, asked: Asked, signal: AbortSignal): AsyncGenerator<AiStreamEvent> {
  const { provider, settings } = await providerOn(deps);
  const { input } = asked;
  let usage: AiUsage = { in: 0, out: 0 };
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  const screened = await answerScreen(deps);
  const content = screened();
  const reasoning = screened();
  let passages: Passage[] = [];
  let fence = newFence();
  let shownContent = "";
  let shownReasoning = "";
  let state: AiState = "done";
  let failure: AiFailure | null = null;
  let providerAsked = false;
  const ask = () => {
    if (both.aborted) throw new AiFailure("stopped", "stopped before the provider was asked");
    providerAsked = true;
  };
  try {
    if (input.search) {
      ask();
      const found = await searchRounds(deps, provider, input.question, both);
      ({ passages, fence } = found);
      usage = addUsage(usage, found.usage);
      yield { type: "sources", sources: sourcesOf(passages) };
    }
    const messages = answerMessages({
      adminPrompt: settings.systemPrompt,
      history: asked.history,
      question: input.question,
      search: input.search,
      passages,
      fence,
    });
    ask();
    for await (const chunk of provider.stream({ think: input.think, messages, signal: both })) {
      if (chunk.usage) usage = addUsage(usage, chunk.usage);
      const pieceR = reasoning.push((chunk.reasoning ?? "").slice(0, aiLimits.reasoningChars - reasoning.length));
      const pieceA = content.push((chunk.content ?? "").slice(0, aiLimits.answerChars - content.length));
      if (pieceR) yield { type: "reasoning", text: pieceR };
      if (pieceA) yield { type: "answer", text: pieceA };
      shownReasoning += pieceR;
      shownContent += pieceA;
      const long = content.length >= aiLimits.answerChars || reasoning.length >= aiLimits.reasoningChars;
      if (content.cut || reasoning.cut || long) {
        state = content.cut || reasoning.cut ? "cut" : "long";
        stop.abort();
        break;
      }
    }
  } catch (err) {
    if (err instanceof AiFailure && err.kind === "stopped" && !stop.signal.aborted) state = "stopped";
    else if (!(err instanceof AiFailure && stop.signal.aborted)) {
      failure = err instanceof AiFailure ? err : new AiFailure("broken", String(err));
      if (!(err instanceof AiFailure)) deps.log.error("ai answer failed", { error: describeError(err) });
      else deps.log.warn("ai provider failed", { kind: failure.kind, detail: failure.detail });
      state = "failed";
    }
  }
  // What was held back while a word might still be arriving, now that nothing more will.
  const restR = reasoning.end();
  const restA = content.end();
  if (content.cut || reasoning.cut) state = "cut";
  if (state !== "failed") {
    if (restR) yield { type: "reasoning", text: restR };
    if (restA) yield { type: "answer", text: restA };
  }
  shownReasoning += restR;
  shownContent += restA;
  // The provider failed, or was never asked: the question costs nothing.
  if (state === "failed" || !providerAsked)
    await giveBackQuestion(deps.db, asked.userId, asked.day, state === "failed");
  const row = await insertMessage(deps.db, {
    conversation_id: asked.conversationId,
    role: "assistant",
    content: state === "failed" ? "" : shownContent,
    reasoning: state === "failed" ? "" : shownReasoning,
    sources: JSON.stringify(sourcesOf(passages)),
    state,
    think: input.think ? 1 : 0,
    search: input.search ? 1 : 0,
    created_at: deps.now(),
  });
  await addTokens(deps.db, asked.userId, asked.day, usage.in, usage.out);
  if (providerAsked) {
    aiCalls.inc({ outcome: state === "failed" ? "failed" : state === "stopped" ? "stopped" : "answered" });
    checked("ai", state !== "failed", failure?.message);
    aiTokens.inc({ direction: "prompt" }, usage.in);
    aiTokens.inc({ direction: "completion" }, usage.out);
  }
  const view = messageView(row);
  if (failure) yield { type: "error", message: failure.message, answer: view };
  else yield { type: "done", answer: view };
}

const addUsage = (a: AiUsage, b: AiUsage): AiUsage => ({ in: a.in + b.in, out: a.out + b.out });
