import OpenAI, { APIConnectionError, APIError } from "openai";
import { AiFailure, type AiProvider, type AiSettingsFromEnv } from "./ai-provider.ts";

/**
 * The one door to the model: any OpenAI-compatible chat-completions endpoint (DeepSeek, 通义千问's compatible mode,
 * 智谱 GLM, Kimi, 豆包, a local server). Built on the official `openai` SDK: it has no dependencies of its own, keeps
 * up with the protocol, parses the event stream and stops a request by AbortSignal. What it cannot know is kept
 * here: reasoning arrives as `reasoning_content` beside the content (DeepSeek's field, which the others copied), a
 * stream may go quiet without closing, and no error a provider writes is shown to a member or logged with the key.
 */

export function openAiProvider(settings: AiSettingsFromEnv): AiProvider {
  // Retries would double a member's wait and the site's bill; a failure is told at once and costs no quota.
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // A local server may want none; the SDK wants something.
    apiKey: settings.apiKey || "none",
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  const hide = (text: string) => (settings.apiKey ? text.split(settings.apiKey).join("***") : text);

  return {
    model: settings.model,
    reasoningModel: settings.reasoningModel,
    async *stream({ think, messages, signal }) {
      const quiet = silenceGuard(signal, settings.timeoutMs);
      try {
        const stream = await client.chat.completions.create(
          {
            model: think ? settings.reasoningModel : settings.model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: quiet.signal },
        );
        let finished = false;
        for await (const chunk of stream) {
          quiet.heard();
          const choice = chunk.choices[0];
          const delta = choice?.delta as { content?: string | null; reasoning_content?: string | null } | undefined;
          if (delta?.reasoning_content) yield { reasoning: delta.reasoning_content };
          if (delta?.content) yield { content: delta.content };
          if (choice?.finish_reason) finished = true;
          if (chunk.usage) yield { usage: { in: chunk.usage.prompt_tokens, out: chunk.usage.completion_tokens } };
        }
        // A stream that closes without saying it finished was cut off on the way, or by us (stopped, timed out).
        if (!finished) throw new Error("stream closed before finish_reason");
      } catch (err) {
        throw failureOf(err, quiet, hide);
      } finally {
        quiet.end();
      }
    },
    async complete({ messages, signal, maxTokens }) {
      const quiet = silenceGuard(signal, settings.timeoutMs);
      try {
        const answer = await client.chat.completions.create(
          { model: settings.model, messages, max_tokens: maxTokens },
          { signal: quiet.signal },
        );
        return {
          text: answer.choices[0]?.message?.content ?? "",
          usage: { in: answer.usage?.prompt_tokens ?? 0, out: answer.usage?.completion_tokens ?? 0 },
        };
      } catch (err) {
        throw failureOf(err, quiet, hide);
      } finally {
        quiet.end();
      }
    },
  };
}

/** Aborts when the caller does, or when nothing was heard for `ms`; says which. */
function silenceGuard(outer: AbortSignal, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const stop = () => controller.abort();
  if (outer.aborted) controller.abort();
  else outer.addEventListener("abort", stop, { once: true });
  arm();
  return {
    signal: controller.signal,
    heard: arm,
    get timedOut() {
      return timedOut;
    },
    stoppedByCaller: () => outer.aborted,
    end() {
      clearTimeout(timer);
      outer.removeEventListener("abort", stop);
    },
  };
}

function failureOf(
  err: unknown,
  quiet: { timedOut: boolean; stoppedByCaller(): boolean },
  hide: (text: string) => string,
): AiFailure {
  if (err instanceof AiFailure) return err;
  if (quiet.stoppedByCaller()) return new AiFailure("stopped");
  if (quiet.timedOut) return new AiFailure("timeout", "no answer within AI_TIMEOUT_MS");
  const detail = hide(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  if (err instanceof APIConnectionError) return new AiFailure(/timed? ?out/i.test(detail) ? "timeout" : "down", detail);
  if (err instanceof APIError) {
    if (err.status === 429) return new AiFailure("busy", detail);
    if (err.status && err.status >= 500) return new AiFailure("down", detail);
    if (err.status) return new AiFailure("refused", detail);
    // An error event inside the stream, or a body that broke off.
    return new AiFailure("broken", detail);
  }
  return new AiFailure("broken", detail);
}
