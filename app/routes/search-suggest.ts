import { data } from "react-router";
import type { Route } from "./+types/search-suggest";
import { apiClient } from "../lib/api.server.ts";
import { searchSuggestions } from "../lib/upstream/site.ts";
import { searchLimits } from "../../contract/shared/limits.ts";

/** The search box's live suggestions (nodes, tags, people) for what is typed: JSON for its fetcher. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, searchLimits.keyword);
  const empty = { nodes: [], tags: [], people: [] };
  const suggestions = q ? await searchSuggestions(apiClient(request, context), q).catch(() => empty) : empty;
  // The same for everyone and slow to change: a browser may keep it a minute.
  return data(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
}
