import type { RouterContextProvider } from "react-router";
import type { Numbered } from "../../contract/types.ts";
import type { Page, WorkCardView } from "../../contract/types.ts";
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

/** A numbered page of works; `page` comes from the route (`/projects/:page`). */
export async function loadPages(
  request: Request,
  context: Readonly<RouterContextProvider>,
  query: Query,
  page: string | undefined,
) {
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) throw new Response("没有这一页", { status: 404 });
  try {
    return await apiClient(request, context).get<Numbered<WorkCardView>>("/art/pages", { ...query, page: page ?? 1 });
  } catch (err) {
    asPageError(err);
  }
}
