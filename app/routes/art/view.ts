import { redirect } from "react-router";
import type { Route } from "./+types/view";
import { apiClient } from "../../lib/api.server.ts";
import { workIdOf } from "../../lib/work.ts";

/** Counts one view of a work reached by a client-side navigation (app/lib/view-count.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = workIdOf(params.id);
  try {
    await apiClient(request, context).post(`/art/view/${id}`);
  } catch {
    // A view that cannot be counted (the work is gone) is not the reader's problem.
  }
  return new Response(null, { status: 204 });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/art/${workIdOf(params.id)}`);
}
