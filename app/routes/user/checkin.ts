import { redirect } from "react-router";
import type { Route } from "./+types/checkin";
import { ApiFailure, apiClient } from "../../lib/api.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { signinRedirect } from "../../lib/site.server.ts";
import { checkin } from "../../lib/upstream/inbox.ts";
import { formOnly } from "../../lib/form-only.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/** 签到 (a form post, with or without JavaScript): back to the page it came from, with what it paid in a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRef(String(form.get("ref") ?? ""), "/");
  const api = apiClient(request, context);
  if (!api.token) throw signinRedirect(context, back);
  try {
    const done = await checkin(api);
    setCookie(
      context,
      flashCookie({ kind: "success", text: `签到成功，获得 ${done.reward} 积分，已连续签到 ${done.streak} 天` }),
    );
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    setCookie(context, flashCookie({ kind: "error", text: err.message }));
  }
  return redirect(back);
}
