import { z } from "zod";
import type { Context } from "hono";
import type { ApiEnv } from "../context.ts";
import { endpoints } from "../lib/endpoint.ts";
import { signin as signinApi } from "../../contract/endpoints/signin.ts";
import { ApiError } from "../lib/errors.ts";
import { parse, parseBody, parseQuery, readBody } from "../lib/validate.ts";
import { captchaImage, createCaptcha } from "../services/captcha.ts";
import { signin, signout, signup } from "../services/auth.ts";
import { requestPasswordReset, resetPassword, verifyEmail } from "../services/mail-links.ts";
import { phoneSignin } from "../services/phone.ts";
import { sendSmsCode } from "../services/sms-codes.ts";
import { checkinState } from "../services/scores.ts";
import { finishOAuth, startOAuth } from "../services/oauth.ts";
import { isOAuthProvider, type OAuthProvider } from "../../contract/signin.ts";
import type { MeView } from "../../contract/views/signin.ts";
import {
  emailTokenSchema,
  forgotPasswordSchema,
  phoneSigninSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  smsSendSchema,
} from "../../contract/schemas/signin.ts";

const captchaQuery = z.object({ captchaId: z.string().max(64).default("") });
const startQuery = z.object({ ref: z.string().max(2000).optional(), link: z.string().max(1).optional() });
const callbackQuery = z.object({
  code: z.string().max(1000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Where a sign-in comes from: the client's own name for itself, and its address. */
const origin = (c: Context<ApiEnv>) => ({ client: c.req.header("user-agent") ?? "", ip: c.get("ip") });
/** The address the browser is using, where a provider returns it when SITE_URL is unset (services/oauth.ts). */
const here = (c: Context<ApiEnv>) => new URL(c.req.url).origin;

const provider = (c: Context<ApiEnv>): OAuthProvider => {
  const name = c.req.param("provider");
  if (!isOAuthProvider(name)) throw new ApiError("notFound");
  return name;
};

/** The captcha, signing in, up and out, mailed links, and who is signed in. */
export const signinRoutes = endpoints()
  .answer(signinApi.captcha, async (c) => createCaptcha(c.get("deps"), c.get("ip")))
  .respond(signinApi.captchaImage, async (c) => {
    const { captchaId } = parseQuery(c, captchaQuery);
    const png = await captchaImage(c.get("deps"), captchaId);
    if (!png) throw new ApiError("notFound", "验证码已过期，请刷新");
    return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
  })
  // requirements §7: a phone and its code sign in here too, in place of a username and password.
  .answer(signinApi.signin, async (c) => {
    const body = await readBody(c);
    const deps = c.get("deps");
    if (body.phone !== undefined && body.username === undefined)
      return phoneSignin(deps, parse(phoneSigninSchema, body), origin(c));
    return signin(deps, parse(signinSchema, body), origin(c));
  })
  .answer(signinApi.phoneSignin, async (c) =>
    phoneSignin(c.get("deps"), await parseBody(c, phoneSigninSchema), origin(c)),
  )
  .answer(signinApi.smsSend, async (c) => sendSmsCode(c.get("deps"), await parseBody(c, smsSendSchema), c.get("ip")))
  .answer(signinApi.signup, async (c) => signup(c.get("deps"), await parseBody(c, signupSchema), origin(c)))
  .answer(signinApi.passwordForgot, async (c) =>
    requestPasswordReset(c.get("deps"), await parseBody(c, forgotPasswordSchema), c.get("ip")),
  )
  .answer(signinApi.passwordReset, async (c) => resetPassword(c.get("deps"), await parseBody(c, resetPasswordSchema)))
  .answer(signinApi.emailVerify, async (c) => {
    const { token } = await parseBody(c, emailTokenSchema);
    const { email } = await verifyEmail(c.get("deps"), token);
    return { email };
  })
  .answer(signinApi.signout, async (c) => {
    // requirements §7 passes the token as a query; the header works too.
    await signout(c.get("deps"), c.req.query("userToken") || c.get("token"));
    return null;
  })
  .answer(signinApi.current, async (c) => {
    // A token that no longer signs anyone in is reported, so the web can drop its cookie.
    if (c.get("token") && !c.get("user")) throw new ApiError("tokenInvalid");
    const user = c.get("user");
    // With the day's sign-in: every page's user menu shows it, and it costs one lookup here.
    return user ? ({ ...user, checkin: await checkinState(c.get("deps"), user.id, user) } satisfies MeView) : null;
  }).app;

/**
 * requirements §7 /api/{github,osc,qq}/login/callback, and the start that comes before it. With `link=1` and a signed-in
 * caller the provider is linked to that account instead of signing in. Mounted last: its first segment is a name.
 */
export const oauthRoutes = endpoints()
  .answer(signinApi.oauthStart, async (c) => {
    const q = parseQuery(c, startQuery);
    const input = { ref: q.ref, link: q.link === "1" };
    return startOAuth(c.get("deps"), provider(c), input, c.get("user"), c.get("ip"), here(c));
  })
  .answer(signinApi.oauthCallback, async (c) => {
    const q = parseQuery(c, callbackQuery);
    return finishOAuth(c.get("deps"), provider(c), q, c.get("user"), origin(c), here(c));
  }).app;
