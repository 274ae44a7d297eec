import { data, redirect, type RouterContextProvider } from "react-router";
import { ErrorCode } from "../../contract/shared/errors.ts";
import { apiClient, type ApiClient } from "./api.server.ts";
import { flashCookie } from "./flash.server.ts";
import { safeRef } from "./ref.ts";
import { readForm, setCookie } from "./request.server.ts";
import { signinRedirect } from "./site.server.ts";
import { attempt, refused } from "./form-action.server.ts";

/**
 * 关注 / 取消关注 of a member or a tag (requirements §4, §5): without JavaScript, back to the page it was posted from
 * with a toast; with it (`js=1`), the new state for the fetcher, and the toast comes with the revalidation. A visitor
 * goes to sign in.
 */
export async function followAction<T extends object>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fallback: string,
  set: (api: ApiClient, on: boolean) => Promise<T>,
) {
  const form = await readForm(request);
  const back = safeRef(String(form.get("ref") ?? ""), fallback);
  const js = form.get("js") === "1";
  const intent = form.get("intent");
  if (intent !== "follow" && intent !== "unfollow") return data({ ok: false, error: "未知操作" }, { status: 400 });
  const api = apiClient(request, context);
  if (!api.token) throw signinRedirect(context, back);
  const sent = await attempt(set(api, intent === "follow"));
  if (sent.ok) {
    setCookie(context, flashCookie({ kind: "success", text: intent === "follow" ? "关注成功" : "取消关注成功" }));
    return js ? { ok: true, ...sent.value } : redirect(back);
  }
  const { failure } = sent;
  if (failure.errorCode === ErrorCode.notSignedIn || failure.errorCode === ErrorCode.tokenInvalid)
    throw signinRedirect(context, back);
  // The toast shows on the page the button is on, with or without JavaScript.
  setCookie(context, flashCookie({ kind: "error", text: failure.message }));
  return js ? refused(failure, { ok: false, error: failure.message }) : redirect(back);
}
