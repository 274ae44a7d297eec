import { data } from "react-router";
import type { Route } from "./+types/upload";
import { passOnUpload, uploadFile } from "../lib/upstream/uploads.ts";
import { apiClient } from "../lib/api.server.ts";
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
  // The uploader says which kind it sends: its post goes to the API as it came, read once, there (server/guards.ts
  // has it on disk by now, and lets it in its turn).
  const kind = new URL(request.url).searchParams.get("field");
  if (kind === "image" || kind === "audio") {
    const api = apiClient(request, context);
    if (!api.token) return data({ ok: false, error: "请先登录" }, { status: 401 });
    const passed = await attempt(passOnUpload(api, kind, request));
    if (passed.ok) return { ok: true, data: passed.value };
    return refused(passed.failure, { ok: false, error: passed.failure.message });
  }
  // A form with the file in a field of its own name (an uploader loaded before it said the kind): parsed here.
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
