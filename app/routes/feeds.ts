import { createHash } from "node:crypto";
import type { Route } from "./+types/feeds";
import { webContext } from "../lib/context.ts";
import { ApiFailure, apiClient } from "../lib/api.server.ts";
import { feedAsked, feedPath, feedTypes } from "../lib/feeds.ts";
import { getFeed } from "../lib/upstream/feeds.ts";
import { getConfig } from "../lib/upstream/site.ts";
import { feedDocument } from "./feed-document.server.ts";

const notFound = (message = "订阅源不存在") =>
  new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * /feeds/…: RSS and Atom for the site's newest works, a node, a tag, a member, a chart and a search. A reader asking
 * again with the ETag or the time it was given gets 304 when nothing changed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = feedAsked(params["*"] ?? "", url.searchParams);
  if (!asked) return notFound();
  const api = apiClient(request, context, null);
  let view;
  try {
    view = await getFeed(api, asked.feed);
  } catch (err) {
    if (err instanceof ApiFailure && (err.status === 404 || err.status === 400))
      return new Response(err.message, {
        status: err.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw err;
  }
  const { siteUrl } = context.get(webContext);
  const { siteTitle } = await getConfig(api);
  const links = { rss: feedPath(asked.feed, "rss"), atom: feedPath(asked.feed, "atom") };
  const body = feedDocument(view, { siteUrl, siteTitle, format: asked.format, links });
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const newest = Math.max(0, ...view.items.map((i) => i.updatedAt));
  const headers = new Headers({
    "Content-Type": `${feedTypes[asked.format]}; charset=utf-8`,
    "Cache-Control": "public, max-age=300",
    ETag: etag,
  });
  if (newest) headers.set("Last-Modified", new Date(newest).toUTCString());
  if (unchanged(request, etag, newest)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

/** RFC 9110: If-None-Match decides when sent; else If-Modified-Since, to the second. */
function unchanged(request: Request, etag: string, newest: number): boolean {
  const match = request.headers.get("If-None-Match");
  if (match !== null) return match.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*");
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !!newest && !Number.isNaN(since) && Math.floor(newest / 1000) <= Math.floor(since / 1000);
}
