import type { Route } from "./+types/events";
import { apiClient } from "../../lib/api.server.ts";
import { openInboxStream } from "../../lib/upstream/inbox.ts";

/**
 * The inbox stream for the browser's EventSource: the API's text/event-stream, handed on as it comes, with the
 * token from the cookie (an EventSource cannot send the header itself). A visitor gets a 401 and no stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  if (!api.token) return new Response("请先登录", { status: 401 });
  const upstream = await openInboxStream(api, request.signal);
  if (!upstream.ok || !upstream.headers.get("content-type")?.startsWith("text/event-stream"))
    return new Response("请先登录", { status: upstream.status === 200 ? 502 : upstream.status });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
