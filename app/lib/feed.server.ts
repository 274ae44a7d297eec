import type { RouterContextProvider } from "react-router";
import { apiClient, orErrorPage, type Query } from "./api.server.ts";
import { listWorks, pageWorks } from "./upstream/works.ts";

/** One page of works for a listing route; `?cursor=` in the URL moves to the next page. */
export async function loadFeed(request: Request, context: Readonly<RouterContextProvider>, query: Query) {
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  return { page: await orErrorPage(listWorks(apiClient(request, context), { ...query, cursor })) };
}

/** A numbered page of works; `page` comes from the route (`/projects/:page`). */
export async function loadPages(
  request: Request,
  context: Readonly<RouterContextProvider>,
  query: Query,
  page: string | undefined,
) {
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) throw new Response("没有这一页", { status: 404 });
  return orErrorPage(pageWorks(apiClient(request, context), { ...query, page: page ?? 1 }));
}
