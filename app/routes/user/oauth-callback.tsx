import type { Route } from "./+types/oauth-callback";
import { apiClient } from "../../lib/api.server.ts";
import { oauthStateCookie, readOAuthState } from "../../lib/cookies.server.ts";
import { pagePath } from "../../lib/ref.ts";
import { setCookie } from "../../lib/request.server.ts";
import { signedIn } from "../../lib/signin.server.ts";
import { finishOAuth } from "../../lib/upstream/signin.ts";
import { NoticePage } from "../../components/NoticePage.tsx";
import { isOAuthProvider, oauthLabels } from "../../../contract/signin/ways-in.ts";
import { attempt, done } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.label}登录未完成` : "登录未完成" },
  { name: "robots", content: "noindex" },
];

/**
 * requirements §2 /user/{github,osc,qq}/callback: the provider sends the browser back with `code` and `state`. The state
 * must be the one this browser's cookie holds (else someone else's authorization is being slipped in); the API
 * then checks it is one it issued, trades the code and signs in, or links the provider to the signed-in account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(pagePath(request.url), "http://x");
  const provider = url.pathname.split("/")[2];
  if (!isOAuthProvider(provider)) throw new Response("Not Found", { status: 404 });
  const label = oauthLabels[provider];
  const query = Object.fromEntries(["code", "state", "error"].map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const expected = readOAuthState(request, provider);
  setCookie(context, oauthStateCookie(request, provider, null));
  if (!expected || !query.state || expected !== query.state)
    return { label, message: "登录请求已失效，请重新登录", provider };
  const api = apiClient(request, context);
  const finished = await attempt(finishOAuth(api, provider, query));
  if (!finished.ok) return { label, message: finished.failure.message, provider };
  const { session, ref } = finished.value;
  if (session) return signedIn(request, context, api, session, ref, `已通过${label}登录`);
  return done(context, `已绑定${label}账号`, ref);
}

/** Following a link spends it: never run this loader again for the same page (a theme change would). */
export const shouldRevalidate = () => false;

export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  return (
    <NoticePage heading={`${loaderData.label}登录未完成`} ok={false} next={{ to: "/user/signin", label: "返回登录" }}>
      {loaderData.message}
    </NoticePage>
  );
}
