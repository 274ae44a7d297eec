import { z } from "zod";
import type { ApiCall } from "../serve/call.ts";
import { endpoints } from "../lib/endpoint.ts";
import { signin as signinApi } from "../../contract/signin/endpoints.ts";
import { ApiError } from "../lib/errors.ts";
import { parse, parseBody, parseQuery } from "../lib/validate.ts";
import { captchaImage, createCaptcha } from "../services/signin/captcha.ts";
import { signin, signout, signup } from "../services/signin/auth.ts";
import { requestPasswordReset, resetPassword, verifyEmail } from "../services/signin/mail-links.ts";
import { phoneSignin } from "../services/signin/phone.ts";
import { sendSmsCode } from "../services/signin/sms-codes.ts";
import { checkinState } from "../services/scores.ts";
import { finishOAuth, startOAuth } from "../services/signin/oauth.ts";
import { isOAuthProvider, type OAuthProvider } from "../../contract/signin/ways-in.ts";
import type { MeView } from "../../contract/signin/views.ts";
import {
  emailTokenSchema,
  forgotPasswordSchema,
  phoneSigninSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  smsSendSchema,
} from "../../contract/signin/schemas.ts";

const captchaQuery = z.object({ captchaId: z.string().max(64).default("") });
const startQuery = z.object({ ref: z.string().max(2000).optional(), link: z.string().max(1).optional() });
const callbackQuery = z.object({
  code: z.string().max(1000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Where a sign-in comes from: the client's own name for itself, and its address. */
const origin = (c: ApiCall) => ({ client: c.agent ?? "", ip: c.ip });
/** The address the browser is using, where a provider returns it when SITE_URL is unset (services/signin/oauth.ts). */
const here = (c: ApiCall) => c.origin;

const provider = (c: ApiCall): OAuthProvider => {
  const name = c.params.provider;
  if (!isOAuthProvider(name)) throw new ApiError("notFound");
  return name;
};

/** The captcha, signing in, up and out, mailed links, and who is signed in. */
export const signinRoutes = endpoints()
  .answer(signinApi.captcha, async (c) => createCaptcha(c.deps, c.ip))
  .respond(signinApi.captchaImage, async (c) => {
    const { captchaId } = parseQuery(c, captchaQuery);
    const png = await captchaImage(c.deps, captchaId);
    if (!png) throw new ApiError("notFound", "验证码已过期，请刷新");
    return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "no-store" } });
  })
  // requirements §7: a phone and its code sign in here too, in place of a username and password.
  .answer(signinApi.signin, async (c) => {
    const body = await c.body();
    const deps = c.deps;
    if (body.phone !== undefined && body.username === undefined)
      return phoneSignin(deps, parse(phoneSigninSchema, body), origin(c));
    return signin(deps, parse(signinSchema, body), origin(c));
  })
  .answer(signinApi.phoneSignin, async (c) => phoneSignin(c.deps, await parseBody(c, phoneSigninSchema), origin(c)))
  .answer(signinApi.smsSend, async (c) => sendSmsCode(c.deps, await parseBody(c, smsSendSchema), c.ip))
  .answer(signinApi.signup, async (c) => signup(c.deps, await parseBody(c, signupSchema), origin(c)))
  .answer(signinApi.passwordForgot, async (c) =>
    requestPasswordReset(c.deps, await parseBody(c, forgotPasswordSchema), c.ip),
  )
  .answer(signinApi.passwordReset, async (c) => resetPassword(c.deps, await parseBody(c, resetPasswordSchema)))
  .answer(signinApi.emailVerify, async (c) => {
    const { token } = await parseBody(c, emailTokenSchema);
    const { email } = await verifyEmail(c.deps, token);
    return { email };
  })
  .answer(signinApi.signout, async (c) => {
    // requirements §7 passes the token as a query; the header works too.
    await signout(c.deps, c.query.userToken || c.token);
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
    const q = parseQuery(c, startQuery);
    const input = { ref: q.ref, link: q.link === "1" };
    return startOAuth(c.deps, provider(c), input, c.user, c.ip, here(c));
  })
  .answer(signinApi.oauthCallback, async (c) => {
    const q = parseQuery(c, callbackQuery);
    return finishOAuth(c.deps, provider(c), q, c.user, origin(c), here(c));
  }).all;
