import { data } from "react-router";
import type { Route } from "./+types/draft";
import { apiClient } from "../../lib/api.server.ts";
import { BAD_FORM, readForm } from "../../lib/request.server.ts";
import { formOnly } from "../../lib/form-only.server.ts";
import { attempt, refused } from "../../lib/form-action.server.ts";
import { saveDraftOf } from "../../lib/publish.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * The publish form's autosave (with JavaScript): posted with fetch, not through React Router, so saving every few
 * seconds reloads no loader. Answers JSON: where the draft is, or the Chinese refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = apiClient(request, context);
  if (!api.token) return data({ ok: false, error: "请先登录" }, { status: 401 });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return data({ ok: false, error: BAD_FORM }, { status: 400 });
  }
  const saved = await attempt(saveDraftOf(api, form));
  if (saved.ok) return { ok: true, data: saved.value };
  return refused(saved.failure, { ok: false, error: saved.failure.message });
}
