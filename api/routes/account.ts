import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { fieldError } from "../lib/errors.ts";
import { parse, parseBody, readBody, optionalId } from "../lib/validate.ts";
import {
  changePassword,
  changeUsername,
  endSessions,
  listSessions,
  setAvatar,
  updateProfile,
} from "../services/account.ts";
import {
  avatarCropSchema,
  emailSchema,
  passwordSchema,
  phoneSigninSchema,
  profileSchema,
  tasteSchema,
  usernameSchema,
} from "../../contract/schemas.ts";
import { getTaste, saveTaste } from "../services/taste.ts";
import { requestEmailChange, resendVerifyMail } from "../services/mail-links.ts";
import { signinWays, unlinkProvider } from "../services/oauth.ts";
import { bindPhone, unbindPhone } from "../services/phone.ts";
import { oauthProviders } from "../../contract/signin.ts";

// Schemas are built once: building one costs tens of µs, parsing with it a fraction of one.
const providerSchema = z.object({ provider: z.enum(oauthProviders, "未知的登录方式") });
const sessionSchema = z.object({ sessionId: optionalId("会话") });

/** 编辑资料 and 账号: one's own profile, avatar, username, e-mail, password and sessions (under /api/user). */
export const accountRoutes = new Hono<ApiEnv>()
  .post("/profile", async (c) => {
    const user = requireUser(c);
    return ok(c, await updateProfile(c.get("deps"), user, await parseBody(c, profileSchema)));
  })
  .post("/set/avatar", async (c) => {
    const user = requireUser(c);
    const body = await readBody(c);
    const crop = parse(avatarCropSchema, body);
    const file = body.avatar;
    if (!(file instanceof File) || file.size === 0) throw fieldError("validation", "avatar", "请选择一张图片");
    const box = crop.cropSize !== undefined ? { x: crop.cropX!, y: crop.cropY!, size: crop.cropSize } : undefined;
    return ok(c, await setAvatar(c.get("deps"), user, Buffer.from(await file.arrayBuffer()), box));
  })
  .post("/account/username", async (c) => {
    const user = requireUser(c);
    const { username } = await parseBody(c, usernameSchema);
    return ok(c, await changeUsername(c.get("deps"), user, username));
  })
  // The new address takes effect when the link mailed to it is followed.
  .post("/account/email", async (c) => {
    const user = requireUser(c);
    const { email } = await parseBody(c, emailSchema);
    return ok(c, await requestEmailChange(c.get("deps"), user, email));
  })
  .post("/email/resend", async (c) => ok(c, await resendVerifyMail(c.get("deps"), requireUser(c))))
  .get("/signin-ways", async (c) => ok(c, await signinWays(c.get("deps"), requireUser(c))))
  .post("/oauth/unlink", async (c) => {
    const user = requireUser(c);
    const { provider } = await parseBody(c, providerSchema);
    await unlinkProvider(c.get("deps"), user, provider);
    return ok(c, null);
  })
  .post("/phone/bind", async (c) => {
    const user = requireUser(c);
    await bindPhone(c.get("deps"), user, await parseBody(c, phoneSigninSchema), c.get("ip"));
    return ok(c, null);
  })
  .post("/phone/unbind", async (c) => {
    await unbindPhone(c.get("deps"), requireUser(c));
    return ok(c, null);
  })
  .post("/account/password", async (c) => {
    const user = requireUser(c);
    await changePassword(c.get("deps"), user, c.get("token"), await parseBody(c, passwordSchema));
    return ok(c, null);
  })
  .get("/taste", async (c) => ok(c, await getTaste(c.get("deps"), requireUser(c).id)))
  .post("/taste", async (c) => {
    const user = requireUser(c);
    return ok(c, await saveTaste(c.get("deps"), user.id, await parseBody(c, tasteSchema)));
  })
  .get("/sessions", async (c) => ok(c, await listSessions(c.get("deps"), requireUser(c), c.get("token"))))
  // Without a sessionId: every session but this one ("sign out everywhere else").
  .post("/sessions/end", async (c) => {
    const user = requireUser(c);
    const { sessionId } = await parseBody(c, sessionSchema);
    return ok(c, { ended: await endSessions(c.get("deps"), user, c.get("token"), sessionId) });
  });
