/**
 * What the site asks of a model, and how a model's failure reads: the seam the AI services are written against.
 * The OpenAI-compatible implementation (ai-client.ts) and its SDK are loaded only when AI_BASE_URL configures one,
 * so a site without AI does not carry the SDK in every process.
 */

export type AiSettingsFromEnv = {
  baseUrl: string;
  apiKey: string;
  model: string;
  reasoningModel: string;
  /** How long the provider may stay silent: before the first piece, and between two. */
  timeoutMs: number;
};

export type AiMessage = { role: "system" | "user" | "assistant"; content: string };
export type AiUsage = { in: number; out: number };
export type AiChunk = { reasoning?: string; content?: string; usage?: AiUsage };

export type AiFailureKind = "timeout" | "busy" | "down" | "broken" | "refused" | "stopped";

const failureText: Record<AiFailureKind, string> = {
  timeout: "AI 服务响应超时，请稍后再试",
  busy: "AI 服务繁忙，请稍后再试",
  down: "暂时无法连接 AI 服务，请稍后再试",
  broken: "AI 的回答中断了，请重试",
  refused: "AI 服务暂不可用，请联系站长检查设置",
  stopped: "已停止回答",
};

/** Why the model gave no (whole) answer, in words a member reads; `detail` is for the log and carries no key. */
export class AiFailure extends Error {
  readonly kind: AiFailureKind;
  readonly detail: string;
  constructor(kind: AiFailureKind, detail = "") {
    super(failureText[kind]);
    this.kind = kind;
    this.detail = detail;
  }
}

export type AiProvider = {
  model: string;
  reasoningModel: string;
  /** The answer as it is written; `think` asks the reasoning model. Throws AiFailure. */
  stream(input: { think: boolean; messages: AiMessage[]; signal: AbortSignal }): AsyncIterable<AiChunk>;
  /** A short answer read whole (深度搜索's planning). Throws AiFailure. */
  complete(input: { messages: AiMessage[]; signal: AbortSignal; maxTokens: number }): Promise<{
    text: string;
    usage: AiUsage;
  }>;
};
