import { Hono, type Context } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { parse, parseBody, readBody } from "../lib/validate.ts";
import { signin, signout, signup } from "../services/auth.ts";
import { requestPasswordReset, resetPassword, verifyEmail } from "../services/mail-links.ts";
import { phoneSignin } from "../services/phone.ts";
import { sendSmsCode } from "../services/sms-codes.ts";
import {
  emailTokenSchema,
  forgotPasswordSchema,
  phoneSigninSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  smsSendSchema,
} from "../../contract/schemas.ts";

/** Where a sign-in comes from: the client's own name for itself, and its address. */
const origin = (c: Context<ApiEnv>) => ({ client: c.req.header("user-agent") ?? "", ip: c.get("ip") });

export const loginRoutes = new Hono<ApiEnv>()
  // spec §7: a phone and its code sign in here too, in place of a username and password.
  .post("/signin", async (c) => {
    const body = await readBody(c);
    const deps = c.get("deps");
    if (body.phone !== undefined && body.username === undefined)
      return ok(c, await phoneSignin(deps, parse(phoneSigninSchema, body), origin(c)));
    return ok(c, await signin(deps, parse(signinSchema, body), origin(c)));
  })
  .post("/phonesignin", async (c) =>
    ok(c, await phoneSignin(c.get("deps"), await parseBody(c, phoneSigninSchema), origin(c))),
  )
  .post("/sms/send", async (c) =>
    ok(c, await sendSmsCode(c.get("deps"), await parseBody(c, smsSendSchema), c.get("ip"))),
  )
  .post("/signup", async (c) => ok(c, await signup(c.get("deps"), await parseBody(c, signupSchema), origin(c))))
  .post("/password/forgot", async (c) =>
    ok(c, await requestPasswordReset(c.get("deps"), await parseBody(c, forgotPasswordSchema), c.get("ip"))),
  )
  .post("/password/reset", async (c) =>
    ok(c, await resetPassword(c.get("deps"), await parseBody(c, resetPasswordSchema))),
  )
  .post("/email/verify", async (c) => {
    const { token } = await parseBody(c, emailTokenSchema);
    const { email } = await verifyEmail(c.get("deps"), token);
    return ok(c, { email });
  })
  .get("/signout", async (c) => {
    // spec §7 passes the token as a query; the header works too.
    const token = c.req.query("userToken") || c.get("token");
    await signout(c.get("deps"), token);
    return ok(c, null);
  });
