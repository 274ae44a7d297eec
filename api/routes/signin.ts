import type { CallBase } from "../serve/call.ts";
import { endpoints } from "../lib/endpoint.ts";
import { signin as signinApi } from "../../contract/signin/endpoints.ts";
import { ApiError } from "../lib/errors.ts";
import { captchaImage, createCaptcha } from "../services/signin/captcha.ts";
import { signin, signout, signup } from "../services/signin/auth.ts";
import { requestPasswordReset, resetPassword, verifyEmail } from "../services/signin/mail-links.ts";
import { phoneSignin } from "../services/signin/phone.ts";
import { sendSmsCode } from "../services/signin/sms-codes.ts";
import { checkinState } from "../services/scores.ts";
import { finishOAuth, startOAuth } from "../services/signin/oauth.ts";
import type { MeView } from "../../contract/signin/views.ts";

/** Where a sign-in comes from: the client's own name for itself, and its address. */
const origin = (c: CallBase) => ({ client: c.agent ?? "", ip: c.ip });
/** The address the browser is using, where a provider returns it when SITE_URL is unset (services/signin/oauth.ts). */
const here = (c: CallBase) => c.origin;

/** The captcha, signing in, up and out, mailed links, and who is signed in. */
export const signinRoutes = endpoints()
  .answer(signinApi.captcha, async (c) => createCaptcha(c.deps, c.ip))
  .respond(signinApi.captchaImage, async (c) => {
    const { captchaId } = c.input.query;
    const png = await captchaImage(c.deps, captchaId);
    if (!png) throw new ApiError("notFound", "验证码已过期，请刷新");
    return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "no-store" } });
  })
  // requirements §7: a phone and its code sign in here too, in place of a username and password.
  .answer(signinApi.signin, async (c) => {
    const body = c.input.body;
    return "phone" in body ? phoneSignin(c.deps, body, origin(c)) : signin(c.deps, body, origin(c));
  })
  .answer(signinApi.phoneSignin, async (c) => phoneSignin(c.deps, c.input.body, origin(c)))
  .answer(signinApi.smsSend, async (c) => sendSmsCode(c.deps, c.input.body, c.ip))
  .answer(signinApi.signup, async (c) => signup(c.deps, c.input.body, origin(c)))
  .answer(signinApi.passwordForgot, async (c) => requestPasswordReset(c.deps, c.input.body, c.ip))
  .answer(signinApi.passwordReset, async (c) => resetPassword(c.deps, c.input.body))
  .answer(signinApi.emailVerify, async (c) => {
    const { token } = c.input.body;
    const { email } = await verifyEmail(c.deps, token);
    return { email };
  })
  .answer(signinApi.signout, async (c) => {
    // requirements §7 passes the token as a query; the header works too.
    await signout(c.deps, c.input.query.userToken || c.token);
    return null;
  })
  .answer(signinApi.current, async (c) => {
    // A token that no longer signs anyone in is reported, so the web can drop its cookie.
    if (c.token && !c.user) throw new ApiError("tokenInvalid");
    const user = c.user;
    // With the day's sign-in: every page's user menu shows it, and it costs one lookup here.
    return user ? ({ ...user, checkin: await checkinState(c.deps, user.id, user) } satisfies MeView) : null;
  }).all;

/**
 * requirements §7 /api/{github,osc,qq}/login/callback, and the start that comes before it. With `link=1` and a signed-in
 * caller the provider is linked to that account instead of signing in. Mounted last: its first segment is a name.
 */
export const oauthRoutes = endpoints()
  .answer(signinApi.oauthStart, async (c) => {
    const q = c.input.query;
    const input = { ref: q.ref, link: q.link === "1" };
    return startOAuth(c.deps, c.input.params.provider, input, c.user, c.ip, here(c));
  })
  .answer(signinApi.oauthCallback, async (c) => {
    const q = c.input.query;
    return finishOAuth(c.deps, c.input.params.provider, q, c.user, origin(c), here(c));
  }).all;
