import type { Route } from "./+types/tag-follow";
import { setTagFollow } from "../lib/upstream/curation.ts";
import { formOnly } from "../lib/form-only.server.ts";
import { followAction } from "../lib/follow-action.server.ts";
import { idParam } from "../lib/params.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/** Follow or unfollow a tag (issue 59): its works join /follow. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const tagId = idParam(params.tagId, "标签不存在");
  return followAction(request, context, `/arts/tag/${tagId}`, (api, on) => setTagFollow(api, tagId, on));
}
