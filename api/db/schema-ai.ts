import type { Generated } from "kysely";

/** The site's AI: a member's conversations, their messages and the day's ledger (migration 0014_ai). */

export type AiConversationTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  created_at: number;
  updated_at: number;
};

export type AiMessageTable = {
  id: Generated<number>;
  conversation_id: number;
  role: "user" | "assistant";
  content: Generated<string>;
  reasoning: Generated<string>;
  /** JSON: the passages an answer was given, [{ n, artId, title, author }]. */
  sources: Generated<string>;
  /** contract/ai/views.ts AiState. */
  state: Generated<string>;
  think: Generated<number>;
  search: Generated<number>;
  created_at: number;
};

/** One member's day: questions charged (a failed one is given back), tokens as the provider reported them. */
export type AiUsageTable = {
  user_id: number;
  day: number;
  questions: Generated<number>;
  tokens_in: Generated<number>;
  tokens_out: Generated<number>;
  failures: Generated<number>;
};

/** The whole site's questions of one day, for the owner's daily cap (migration 0026). */
export type AiSiteUsageTable = {
  day: number;
  questions: Generated<number>;
};
