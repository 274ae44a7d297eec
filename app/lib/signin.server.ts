import { redirect, type RouterContextProvider } from "react-router";
import type { Session } from "../../contract/signin/views.ts";
import type { ApiClient } from "./api.server.ts";
import { tokenCookie } from "./cookies.server.ts";
import { flashCookie } from "./flash.server.ts";
import { newCaptcha, type Captcha } from "./upstream/account.ts";
import { setCookie } from "./request.server.ts";
import { safeRef } from "./ref.ts";
import { siteConfig } from "./site.server.ts";

/** A captcha when the site asks for one (CAPTCHA=off turns it off). */
export const captchaIfOn = async (api: ApiClient): Promise<Captcha | null> =>
  (await siteConfig(api)).captcha ? newCaptcha(api) : null;

/** Every way in ends here: the session's cookie, a word of welcome, and back to where the person was. */
export async function signedIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  api: ApiClient,
  session: Session,
  ref: string,
  welcome = "登录成功",
  /** The welcome says something to act on (an e-mail to open): it stays on the page. */
  stay = false,
): Promise<Response> {
  const config = await siteConfig(api);
  setCookie(context, tokenCookie(request, session.token, config.tokenExpireDays));
  setCookie(context, flashCookie({ kind: "success", text: welcome, stay }));
  return redirect(safeRef(ref));
}
