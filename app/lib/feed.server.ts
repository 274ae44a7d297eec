import type { RouterContextProvider } from "react-router";
import type { Page, WorkCardView } from "../../api/types.ts";
import { apiClient, asPageError, type Query } from "./api.server.ts";

/** One page of works for a listing route; `?cursor=` in the URL moves to the next page. */
export async function loadFeed(request: Request, context: Readonly<RouterContextProvider>, query: Query) {
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  try {
    const page = await apiClient(request, context).get<Page<WorkCardView>>("/art/list", { ...query, cursor });
    return { page };
  } catch (err) {
    asPageError(err);
  }
}
