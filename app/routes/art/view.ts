import { redirect } from "react-router";
import type { Route } from "./+types/view";
import { ApiFailure, apiClient } from "../../lib/api.server.ts";
import { viewWork } from "../../lib/upstream/works.ts";
import { workIdOf } from "../../lib/work.ts";
import { isCrawler } from "../../lib/request.server.ts";

/** Counts one view of a work reached by a client-side navigation (app/routes/art/view-count.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = workIdOf(params.id);
  if (isCrawler(request)) return new Response(null, { status: 204 });
  try {
    await viewWork(apiClient(request, context), id);
  } catch (err) {
    // A view that cannot be counted (the work is gone) is not the reader's problem.
    if (!(err instanceof ApiFailure)) throw err;
  }
  return new Response(null, { status: 204 });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/art/${workIdOf(params.id)}`);
}
