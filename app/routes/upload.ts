import { data } from "react-router";
import type { Route } from "./+types/upload";
import { apiClient } from "../lib/api.server.ts";
import { uploadFile } from "../lib/upstream/uploads.ts";
import { BAD_FORM, readForm } from "../lib/request.server.ts";
import { formOnly } from "../lib/form-only.server.ts";
import { attempt, refused } from "../lib/form-action.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * Upload from the browser (the publish form with JavaScript): the token lives in an HttpOnly cookie, so the page
 * posts the file here and this passes it to the API with the token. Answers JSON for the uploader.
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
  const audio = form.get("audio");
  const image = form.get("image");
  const field = audio instanceof File ? "audio" : image instanceof File ? "image" : null;
  if (!field) return data({ ok: false, error: "请选择要上传的文件" }, { status: 400 });
  const stored = await attempt(uploadFile(api, field, (field === "audio" ? audio : image) as File));
  if (stored.ok) return { ok: true, data: stored.value };
  return refused(stored.failure, { ok: false, error: stored.failure.message });
}
