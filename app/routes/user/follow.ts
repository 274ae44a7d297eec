import type { Route } from "./+types/follow";
import { setFollow } from "../../lib/upstream/people.ts";
import { formOnly } from "../../lib/form-only.server.ts";
import { followAction } from "../../lib/follow-action.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/** Follow or unfollow a member (requirements §4, §5; app/lib/follow-action.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return followAction(request, context, `/user/${params.userId}`, (api, on) =>
    setFollow(api, Number(params.userId), on),
  );
}
