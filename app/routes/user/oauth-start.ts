import { redirect } from "react-router";
import type { Route } from "./+types/oauth-start";
import { apiClient } from "../../lib/api.server.ts";
import { oauthStateCookie } from "../../lib/cookies.server.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { safeRef, signinPath } from "../../lib/ref.ts";
import { requireUser } from "../../lib/site.server.ts";
import { startOAuth } from "../../lib/upstream/signin.ts";
import { isOAuthProvider } from "../../../contract/signin/ways-in.ts";
import { attempt, toastAndGo } from "../../lib/form-action.server.ts";

/**
 * Off to GitHub, OSChina or QQ: the API makes the authorization address and its state; the state goes into a
 * cookie of this browser, which the return must match (routes/user/oauth-callback.tsx). A GET signs in; a POST
 * from 账号与安全 links the provider to the signed-in account.
 */
async function start(
  request: Request,
  context: Route.LoaderArgs["context"],
  provider: string,
  link: boolean,
  ref: string,
) {
  if (!isOAuthProvider(provider)) throw new Response("Not Found", { status: 404 });
  const started = await attempt(
    startOAuth(apiClient(request, context, link ? undefined : null), provider, { ref, link }),
  );
  if (!started.ok) return toastAndGo(context, started.failure, link ? "/user/profile/account" : signinPath(ref));
  setCookie(context, oauthStateCookie(request, provider, started.value.state));
  return redirect(started.value.url);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ref = safeRef(new URL(request.url).searchParams.get("ref"));
  return start(request, context, params.provider, false, ref);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  await readForm(request);
  return start(request, context, params.provider, true, "/user/profile/account");
}
