/** The site's AI (issue 35): its limits, its states and the words every answer carries. */

export const aiLimits = {
  /** A question's length, in characters. */
  question: 1000,
  /** A conversation's title is its first question, cut here. */
  title: 40,
  /** The admin's system prompt. */
  systemPrompt: 2000,
  /** Earlier turns of a conversation sent along with a new question. */
  historyTurns: 6,
  /** 深度搜索: rounds of searching, queries the model may ask for per round, passages in all. */
  searchRounds: 3,
  queriesPerRound: 2,
  passages: 8,
  /** Characters of a work quoted in one passage. */
  passageChars: 600,
  /** Conversations listed on /ai. */
  conversations: 50,
  /** Messages one conversation keeps; asking past it starts a new one. */
  messages: 200,
  /** An answer's and its reasoning's length, in characters: the provider is stopped there. */
  answerChars: 12_000,
  reasoningChars: 12_000,
} as const;

/** Every answer is labelled so (China's rules for labelling AI-generated content). */
export const AI_NOTICE = "内容由AI生成，请注意核实";

/**
 * What became of an answer: written whole, stopped by its reader, cut where a refused word began, stopped at its
 * length limit, or failed (the provider erred, timed out or broke off; the question was given back).
 */
export type AiState = "done" | "stopped" | "cut" | "long" | "failed";

/** The settings an admin keeps (/admin/ai). */
export type AiSettings = {
  enabled: boolean;
  /** Questions one member may ask per day (China Standard Time). */
  dailyQuota: number;
  /** Questions one member may ask per minute. */
  perMinute: number;
  /** Questions the whole site may ask per day (China Standard Time): what the owner will pay the provider for. */
  siteDaily: number;
  /** Added to the site's own rules, never replacing them. */
  systemPrompt: string;
};

export const defaultAiSettings: AiSettings = {
  enabled: true,
  dailyQuota: 20,
  perMinute: 5,
  siteDaily: 2000,
  systemPrompt: "你是艺社的创作助手，回答简洁、友善，用简体中文。",
};

export const aiSettingLimits = { dailyQuota: 1000, perMinute: 30, siteDaily: 1_000_000 } as const;

export type CitationPart = { text: string } | { cite: number };

/**
 * An answer's text with its citations picked out: [n] of one of the `count` passages it was given becomes a link;
 * any other bracketed number stays text (a model may invent [9] with five passages).
 */
export function citationParts(answer: string, count: number): CitationPart[] {
  const parts: CitationPart[] = [];
  let at = 0;
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(m[1]);
    if (n < 1 || n > count) continue;
    if (m.index > at) parts.push({ text: answer.slice(at, m.index) });
    parts.push({ cite: n });
    at = m.index + m[0].length;
  }
  if (at < answer.length) parts.push({ text: answer.slice(at) });
  return parts;
}
