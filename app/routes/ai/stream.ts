import { redirect } from "react-router";
import type { Route } from "./+types/stream";
import { apiClient } from "../../lib/api.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { openAiStream } from "../../lib/upstream/ai.ts";
import { fieldsOf } from "../../lib/form-action.server.ts";
import { askSchema } from "../../../contract/ai/schemas.ts";

/**
 * The answer as it is written, for the page's script (app/components/ai/stream.ts): the API's text/event-stream handed on
 * with the token from the cookie. A refusal (not signed in, AI off, a refused word, the quota) comes back as JSON
 * with its message, and no stream. Leaving the page stops the answer: the request's signal reaches the API.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = apiClient(request, context);
  if (!api.token) return Response.json({ message: "请先登录" }, { status: 401 });
  const upstream = await openAiStream(api, fieldsOf(await readForm(request), askSchema), request.signal);
  if (upstream.headers.get("content-type")?.startsWith("text/event-stream"))
    return new Response(upstream.body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  const envelope = (await upstream.json().catch(() => null)) as {
    message?: string;
    data?: { fieldErrors?: Record<string, string> } | null;
  } | null;
  return Response.json(
    { message: envelope?.message || "请求失败，请稍后再试", fieldErrors: envelope?.data?.fieldErrors ?? {} },
    { status: upstream.status >= 400 ? upstream.status : 502 },
  );
}

/** Opened by address, it is the conversation page. */
export const loader = () => redirect("/ai");
