import { data, redirect, type RouterContextProvider } from "react-router";
import type { CurrentUserView, MeView } from "../../contract/signin/views.ts";
import { getCurrentUser } from "./upstream/account.ts";
import { getConfig, getInfoPage, getNodes } from "./upstream/site.ts";
import type { PagesView } from "../../contract/admin/views.ts";
import { ErrorCode } from "../../contract/shared/errors.ts";
import { isStaff } from "../../contract/shared/roles.ts";
import { ApiFailure, apiClient, type ApiClient } from "./api.server.ts";
import { clearTokenCookie } from "./cookies.server.ts";
import { flashCookie } from "./flash.server.ts";
import { pagePath, signinPath } from "./ref.ts";
import { once, setCookie } from "./request.server.ts";
import { webContext } from "./context.ts";

// Settings and nodes change rarely: each process keeps them briefly (requirements §7: loaded at start, cached once loaded),
// and short enough that an edit in /admin shows everywhere within seconds.
const TTL_MS = 15_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets, in this process, the settings, nodes and info pages it keeps (server.ts wires it to the others' word). */
export function forgetSiteCacheHere() {
  cache.clear();
}

/** After an admin's change: this process forgets at once, and every other one when it hears (api/lib/forgetting.ts). */
export function forgetSiteCache(context: Readonly<RouterContextProvider>) {
  cache.clear();
  context.get(webContext).siteChanged();
}

export const siteConfig = (api: ApiClient) => cached("config", () => getConfig(api));
export const siteNodes = (api: ApiClient) => cached("nodes", () => getNodes(api));
export const siteInfoPage = (api: ApiClient, name: keyof PagesView) =>
  cached(`page:${name}`, () => getInfoPage(api, name));

/** The signed-in user, or null; a token the API no longer accepts is removed from the browser. */
export async function currentUser(request: Request, context: Readonly<RouterContextProvider>): Promise<MeView | null> {
  // Asked once per request: the root loader and the page's loader both want it.
  return once(context, "currentUser", async () => {
    const api = apiClient(request, context);
    if (!api.token) return null;
    try {
      return await getCurrentUser(api);
    } catch (err) {
      if (err instanceof ApiFailure && err.errorCode === ErrorCode.tokenInvalid) {
        setCookie(context, clearTokenCookie(request));
        return null;
      }
      throw err;
    }
  });
}

/** requirements §5: an action that needs sign-in shows 请先登录 and goes to sign-in with the way back in ref. */
export function signinRedirect(context: Readonly<RouterContextProvider>, ref: string): Response {
  setCookie(context, flashCookie({ kind: "error", text: "请先登录" }));
  return redirect(signinPath(ref));
}

/**
 * requirements §6: only the owner or an admin may open /admin; anyone else gets the 403 page. Every admin loader and
 * action asks for itself, because a data request can run one route's loader without its layout's.
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUserView> {
  const user = await currentUser(request, context);
  // Signed out: the 403 page says so and offers the way to sign in and come back.
  if (!user) throw data({ message: "管理后台需要登录后访问", signin: true }, { status: 403 });
  if (!isStaff(user)) throw data("403 forbidden", { status: 403 });
  return user;
}

/** The signed-in user, or (thrown) the way to sign in and back to this page. */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUserView> {
  const user = await currentUser(request, context);
  if (!user) throw signinRedirect(context, pagePath(request.url));
  return user;
}
