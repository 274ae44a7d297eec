import type { AiSettings, AiState } from "./ai.ts";

/** The site's AI as pages read it (api/services/ai/ai.ts). */

/** A passage an answer was given: [n] in the answer links to the work. */
export type AiSourceView = { n: number; artId: number; title: string; author: string };

export type AiMessageView = {
  id: number;
  role: "user" | "assistant";
  content: string;
  /** 深度思考's reasoning, shown folded above the answer. */
  reasoning: string;
  sources: AiSourceView[];
  state: AiState;
  think: boolean;
  search: boolean;
  createdAt: number;
};

export type AiConversationSummary = { id: number; title: string; updatedAt: number };

export type AiConversationView = AiConversationSummary & { messages: AiMessageView[] };

/** Whether the AI answers, with what, and how much of today's quota is left. */
export type AiStatusView = { on: boolean; dailyQuota: number; usedToday: number };

/** A question asked and its finished answer (the no-JavaScript form's answer). */
export type AiExchangeView = { conversationId: number; question: AiMessageView; answer: AiMessageView };

/**
 * The events of an answer as it is written (text/event-stream), in order: `start`, then `sources` (深度搜索), any
 * number of `reasoning` and `answer` pieces, and `done` with the stored message or `error` with a message.
 */
export type AiStreamEvent =
  | { type: "start"; conversationId: number; question: AiMessageView }
  | { type: "sources"; sources: AiSourceView[] }
  | { type: "reasoning"; text: string }
  | { type: "answer"; text: string }
  | { type: "done"; answer: AiMessageView }
  | { type: "error"; message: string; answer?: AiMessageView };

export type AiUsageDay = {
  /** "2026-11-25", China Standard Time. */
  date: string;
  questions: number;
  members: number;
  tokensIn: number;
  tokensOut: number;
  failures: number;
};

export type AiAdminView = {
  /** AI_BASE_URL and AI_MODEL are set. */
  configured: boolean;
  model: string;
  reasoningModel: string;
  settings: AiSettings;
  usage: AiUsageDay[];
  /** Questions the whole site has asked today, against settings.siteDaily. */
  siteToday: number;
  conversations: number;
  messages: number;
};
