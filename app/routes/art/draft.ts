import type { Route } from "./+types/draft";
import { formOnly } from "../../lib/form-only.server.ts";
import { attempt, refused } from "../../lib/form-action.server.ts";
import { saveDraftOf } from "./publish.server.ts";
import { scriptPost } from "../../lib/script-post.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * The publish form's autosave (with JavaScript): posted with fetch, not through React Router, so saving every few
 * seconds reloads no loader. Answers JSON: where the draft is, or the Chinese refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const got = await scriptPost(request, context);
  if ("refusal" in got) return got.refusal;
  const saved = await attempt(saveDraftOf(got.api, got.form));
  if (saved.ok) return { ok: true, data: saved.value };
  return refused(saved.failure, { ok: false, error: saved.failure.message });
}
