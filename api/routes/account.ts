import { z } from "zod";
import { endpoints } from "../lib/endpoint.ts";
import { account } from "../../contract/account/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { fieldError } from "../lib/errors.ts";
import { readFileForm } from "../lib/multipart.ts";
import { fileRules } from "../services/works/uploads.ts";
import { parse, parseBody, optionalId } from "../lib/validate.ts";
import {
  changePassword,
  changeUsername,
  endSessions,
  listSessions,
  setAvatar,
  setRightsDefaults,
  updateProfile,
} from "../services/people/account.ts";
import {
  avatarCropSchema,
  emailSchema,
  passwordSchema,
  profileSchema,
  rightsDefaultsSchema,
  tasteSchema,
  usernameSchema,
} from "../../contract/account/schemas.ts";
import { phoneSigninSchema } from "../../contract/signin/schemas.ts";
import { getTaste, saveTaste } from "../services/browse/taste.ts";
import { requestEmailChange, resendVerifyMail } from "../services/signin/mail-links.ts";
import { signinWays, unlinkProvider } from "../services/signin/oauth.ts";
import { bindPhone, unbindPhone } from "../services/signin/phone.ts";
import { oauthProviders } from "../../contract/signin/ways-in.ts";
import { mailChoicesSchema } from "../../contract/jobs/schemas.ts";
import { mailChoicesOf, setMailChoices } from "../services/inbox/notice-digest.ts";

// Schemas are built once: building one costs tens of µs, parsing with it a fraction of one.
const providerSchema = z.object({ provider: z.enum(oauthProviders, "未知的登录方式") });
const sessionSchema = z.object({ sessionId: optionalId("会话") });

/** 编辑资料 and 账号: one's own profile, avatar, username, e-mail, password and sessions (under /api/user). */
export const accountRoutes = endpoints()
  .answer(account.profile, async (c) => {
    const user = requireUser(c);
    return updateProfile(c.deps, user, await parseBody(c, profileSchema));
  })
  .answer(account.rightsDefaults, async (c) => {
    const user = requireUser(c);
    return setRightsDefaults(c.deps, user, await parseBody(c, rightsDefaultsSchema));
  })
  .answer(account.avatar, async (c) => {
    const user = requireUser(c);
    const { file, fields } = await readFileForm(c, fileRules.avatar);
    const crop = parse(avatarCropSchema, fields);
    if (!file?.length) throw fieldError("validation", "avatar", "请选择一张图片");
    const box = crop.cropSize !== undefined ? { x: crop.cropX!, y: crop.cropY!, size: crop.cropSize } : undefined;
    return setAvatar(c.deps, user, file, box);
  })
  .answer(account.username, async (c) => {
    const user = requireUser(c);
    const { username } = await parseBody(c, usernameSchema);
    return changeUsername(c.deps, user, username);
  })
  // The new address takes effect when the link mailed to it is followed.
  .answer(account.email, async (c) => {
    const user = requireUser(c);
    const { email } = await parseBody(c, emailSchema);
    return requestEmailChange(c.deps, user, email);
  })
  .answer(account.resendVerifyMail, async (c) => resendVerifyMail(c.deps, requireUser(c)))
  .answer(account.signinWays, async (c) => signinWays(c.deps, requireUser(c)))
  .answer(account.unlinkProvider, async (c) => {
    const user = requireUser(c);
    const { provider } = await parseBody(c, providerSchema);
    await unlinkProvider(c.deps, user, provider);
    return null;
  })
  .answer(account.bindPhone, async (c) => {
    const user = requireUser(c);
    await bindPhone(c.deps, user, await parseBody(c, phoneSigninSchema), c.ip);
    return null;
  })
  .answer(account.unbindPhone, async (c) => {
    await unbindPhone(c.deps, requireUser(c));
    return null;
  })
  .answer(account.password, async (c) => {
    const user = requireUser(c);
    await changePassword(c.deps, user, c.token, await parseBody(c, passwordSchema));
    return null;
  })
  .answer(account.taste, async (c) => getTaste(c.deps, requireUser(c).id))
  .answer(account.saveTaste, async (c) => {
    const user = requireUser(c);
    return saveTaste(c.deps, user.id, await parseBody(c, tasteSchema));
  })
  .answer(account.sessions, async (c) => listSessions(c.deps, requireUser(c), c.token))
  // Without a sessionId: every session but this one ("sign out everywhere else").
  .answer(account.endSessions, async (c) => {
    const user = requireUser(c);
    const { sessionId } = await parseBody(c, sessionSchema);
    return { ended: await endSessions(c.deps, user, c.token, sessionId) };
  })
  .answer(account.mailChoices, async (c) => mailChoicesOf(c.deps, requireUser(c)))
  .answer(account.saveMailChoices, async (c) => {
    const user = requireUser(c);
    await setMailChoices(c.deps, user.id, (await parseBody(c, mailChoicesSchema)).kinds);
    return mailChoicesOf(c.deps, user);
  }).all;
