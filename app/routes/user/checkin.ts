import type { Route } from "./+types/checkin";
import { apiClient } from "../../lib/api.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { readForm } from "../../lib/request.server.ts";
import { signinRedirect } from "../../lib/site.server.ts";
import { checkin } from "../../lib/upstream/inbox.ts";
import { formOnly } from "../../lib/form-only.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";

/** Opened in the browser rather than posted to: a page that says so (405). */
export const loader = formOnly;

/** 签到 (a form post, with or without JavaScript): back to the page it came from, with what it paid in a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRef(String(form.get("ref") ?? ""), "/");
  const api = apiClient(request, context);
  if (!api.token) throw signinRedirect(context, back);
  const signed = await attempt(checkin(api));
  if (!signed.ok) return toastAndGo(context, signed.failure, back);
  return done(context, `签到成功，获得 ${signed.value.reward} 积分，已连续签到 ${signed.value.streak} 天`, back);
}
