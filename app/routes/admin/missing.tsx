import { data } from "react-router";
import type { Route } from "./+types/missing";
import { requireStaff } from "../../lib/site.server.ts";

/** Admin paths that do not exist answer 404 to staff, 403 to everyone else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw data("页面没找到", { status: 404 });
}

export default function Missing() {
  return null;
}
