import { data, redirect } from "react-router";
import type { Route } from "./+types/follow";
import { ErrorCode } from "../../../contract/shared/errors.ts";
import { apiClient } from "../../lib/api.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { signinRedirect } from "../../lib/site.server.ts";
import { setFollow } from "../../lib/upstream/people.ts";
import { formOnly } from "../../lib/form-only.server.ts";
import { attempt, refused } from "../../lib/form-action.server.ts";

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
  const set = await attempt(setFollow(api, Number(params.userId), intent === "follow"));
  if (set.ok) {
    setCookie(context, flashCookie({ kind: "success", text: intent === "follow" ? "关注成功" : "取消关注成功" }));
    return js ? { ok: true, ...set.value } : redirect(back);
  }
  const { failure } = set;
  if (failure.errorCode === ErrorCode.notSignedIn || failure.errorCode === ErrorCode.tokenInvalid)
    throw signinRedirect(context, back);
  // The toast shows on the page the button is on, with or without JavaScript.
  setCookie(context, flashCookie({ kind: "error", text: failure.message }));
  return js ? refused(failure, { ok: false, error: failure.message }) : redirect(back);
}
