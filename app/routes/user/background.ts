import { redirect } from "react-router";
import type { Route } from "./+types/background";
import { apiClient } from "../../lib/api.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { BAD_FORM, readForm, setCookie } from "../../lib/request.server.ts";
import { currentUser, signinRedirect } from "../../lib/site.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { setBackground } from "../../lib/upstream/people.ts";
import { uploadFile } from "../../lib/upstream/uploads.ts";
import { formOnly } from "../../lib/form-only.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * The personal centre's upload-background control posts its picture here (requirements §5, a native form post): the file
 * goes to the API's upload, then becomes the background; back to the centre with 背景设置成功 or the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = apiClient(request, context);
  const user = await currentUser(request, context);
  if (!user) throw signinRedirect(context, "/");
  const say = (kind: "success" | "error", text: string) => setCookie(context, flashCookie({ kind, text }));
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    say("error", BAD_FORM);
    return redirect(`/user/${user.id}`);
  }
  const back = safeRef(String(form.get("ref") ?? ""), `/user/${user.id}`);
  const file = form.get("backgroundImage");
  if (!(file instanceof File) || file.size === 0) {
    say("error", "请选择一张图片");
    return redirect(back);
  }
  const upload = await attempt(uploadFile(api, "image", file));
  if (!upload.ok) return toastAndGo(context, upload.failure, back);
  const set = await attempt(setBackground(api, upload.value.url));
  if (!set.ok) return toastAndGo(context, set.failure, back);
  return done(context, "背景设置成功", back);
}
