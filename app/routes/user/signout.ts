import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { apiClient } from "../../lib/api.server.ts";
import { signout } from "../../lib/upstream/account.ts";
import { forgetPushDevice } from "../../lib/upstream/push.ts";
import { clearTokenCookie } from "../../lib/cookies.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { webContext } from "../../lib/context.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { describeError } from "../../../contract/shared/log.ts";

/** Sign-out is a POST (a link could be triggered by another site); it revokes the token and returns to / (requirements §2). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = apiClient(request, context);
  if (api.token) {
    // This browser's pushes stop with the session (app/components/SignOutForm.tsx).
    const endpoint = String((await readForm(request).catch(() => null))?.get("pushEndpoint") ?? "");
    if (endpoint) await forgetPushDevice(api, { endpoint }).catch(() => null);
    try {
      await signout(api, api.token);
    } catch (err) {
      // requirements §8: a failed sign-out is only logged; the cookie goes regardless.
      context.get(webContext).log.warn("signout failed", { error: describeError(err) });
    }
  }
  setCookie(context, clearTokenCookie(request));
  setCookie(context, flashCookie({ kind: "success", text: "已退出登录" }));
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
