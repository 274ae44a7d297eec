import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env.ts";

describe("AI_* settings", () => {
  it("are off when none is set", () => {
    expect(readEnv({}).ai).toBeNull();
  });

  it("read a provider, the reasoning model falling back to the chat model", () => {
    const env = readEnv({ AI_BASE_URL: "https://api.deepseek.com/v1/", AI_API_KEY: "sk-x", AI_MODEL: "deepseek-chat" });
    expect(env.ai).toEqual({
      baseUrl: "https://api.deepseek.com/v1",
      apiKey: "sk-x",
      model: "deepseek-chat",
      reasoningModel: "deepseek-chat",
      timeoutMs: 60_000,
    });
    const both = readEnv({
      AI_BASE_URL: "http://127.0.0.1:11434/v1",
      AI_MODEL: "qwen",
      AI_REASONING_MODEL: "qwq",
      AI_TIMEOUT_MS: "5000",
    });
    expect(both.ai).toMatchObject({ apiKey: "", reasoningModel: "qwq", timeoutMs: 5000 });
  });

  it("stop the start when half set or mistyped, naming the variable and never echoing the key", () => {
    const fail = (vars: Record<string, string>) => {
      try {
        readEnv(vars);
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        return (err as Error).message;
      }
      throw new Error("accepted");
    };
    const half = fail({ AI_API_KEY: "sk-secret-123" });
    expect(half).toContain("启用 AI 还需要设置 AI_BASE_URL、AI_MODEL");
    expect(half).not.toContain("sk-secret-123");
    expect(fail({ AI_BASE_URL: "ftp://x", AI_MODEL: "m" })).toContain("AI_BASE_URL");
    expect(fail({ AI_BASE_URL: "https://x", AI_MODEL: "m", AI_TIMEOUT_MS: "10" })).toContain("AI_TIMEOUT_MS");
  });
});
