import { z } from "zod";
import { integer, url } from "./env-fields.ts";
import type { AiSettingsFromEnv } from "../lib/ai-provider.ts";

/** AI_*: the OpenAI-compatible provider behind 深度思考 and 深度搜索 (README, The site's AI). Unset, there is no AI. */
export const aiEnvFields = {
  AI_BASE_URL: url("AI_BASE_URL", ["http:", "https:"]),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_REASONING_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: integer("AI_TIMEOUT_MS", 1000, 600_000, 60_000),
};

type AiVars = {
  AI_BASE_URL: string | null;
  AI_API_KEY?: string;
  AI_MODEL?: string;
  AI_REASONING_MODEL?: string;
  AI_TIMEOUT_MS: number;
};

/** Half a setting is a mistake to tell at start, not an AI that fails at the first question. */
export function aiEnvMistake(v: AiVars): string | null {
  const some = [v.AI_BASE_URL, v.AI_API_KEY, v.AI_MODEL, v.AI_REASONING_MODEL].some(Boolean);
  if (!some) return null;
  const missing = [
    ["AI_BASE_URL", v.AI_BASE_URL],
    ["AI_MODEL", v.AI_MODEL],
  ].flatMap(([name, value]) => (value ? [] : [name]));
  return missing.length ? `启用 AI 还需要设置 ${missing.join("、")}` : null;
}

export function aiSettingsOf(v: AiVars): AiSettingsFromEnv | null {
  if (!v.AI_BASE_URL || !v.AI_MODEL) return null;
  return {
    baseUrl: v.AI_BASE_URL,
    apiKey: v.AI_API_KEY ?? "",
    model: v.AI_MODEL.trim(),
    reasoningModel: v.AI_REASONING_MODEL?.trim() || v.AI_MODEL.trim(),
    timeoutMs: v.AI_TIMEOUT_MS,
  };
}
