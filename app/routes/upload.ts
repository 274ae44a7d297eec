import { data } from "react-router";
import type { Route } from "./+types/upload";
import { uploadFile } from "../lib/upstream/uploads.ts";
import { scriptPost } from "../lib/script-post.server.ts";
import { formOnly } from "../lib/form-only.server.ts";
import { attempt, refused } from "../lib/form-action.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * Upload from the browser (the publish form with JavaScript): the token lives in an HttpOnly cookie, so the page
 * posts the file here and this passes it to the API with the token. Answers JSON for the uploader.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const got = await scriptPost(request, context);
  if ("refusal" in got) return got.refusal;
  const { api, form } = got;
  const audio = form.get("audio");
  const image = form.get("image");
  const field = audio instanceof File ? "audio" : image instanceof File ? "image" : null;
  if (!field) return data({ ok: false, error: "请选择要上传的文件" }, { status: 400 });
  const stored = await attempt(uploadFile(api, field, (field === "audio" ? audio : image) as File));
  if (stored.ok) return { ok: true, data: stored.value };
  return refused(stored.failure, { ok: false, error: stored.failure.message });
}
