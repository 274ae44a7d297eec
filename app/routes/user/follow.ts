import { data, redirect } from "react-router";
import type { Route } from "./+types/follow";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiFailure, apiClient } from "../../lib/api.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { signinRedirect } from "../../lib/site.server.ts";
import { setFollow } from "../../lib/upstream/people.ts";
import { formOnly } from "../../lib/form-only.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/**
 * Follow or unfollow (requirements §4, §5): without JavaScript, back to the page it was posted from with a toast; with it
 * (`js=1`), the new state for the fetcher, and the toast comes with the revalidation. A visitor goes to sign in.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRef(String(form.get("ref") ?? ""), `/user/${params.userId}`);
  const js = form.get("js") === "1";
  const intent = form.get("intent");
  if (intent !== "follow" && intent !== "unfollow") return data({ ok: false, error: "未知操作" }, { status: 400 });
  const api = apiClient(request, context);
  if (!api.token) throw signinRedirect(context, back);
  try {
    const state = await setFollow(api, Number(params.userId), intent === "follow");
    setCookie(context, flashCookie({ kind: "success", text: intent === "follow" ? "关注成功" : "取消关注成功" }));
    return js ? { ok: true, ...state } : redirect(back);
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    if (err.errorCode === ErrorCode.notSignedIn || err.errorCode === ErrorCode.tokenInvalid)
      throw signinRedirect(context, back);
    setCookie(context, flashCookie({ kind: "error", text: err.message }));
    return js ? data({ ok: false, error: err.message }, { status: err.status }) : redirect(back);
  }
}
