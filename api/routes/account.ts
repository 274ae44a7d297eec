import { endpoints } from "../lib/endpoint.ts";
import { account } from "../../contract/account/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { fieldError } from "../lib/errors.ts";
import { readFileForm } from "../lib/multipart.ts";
import { fileRules } from "../services/works/uploads.ts";
import { parse } from "../lib/validate.ts";
import {
  changePassword,
  changeUsername,
  endSessions,
  listSessions,
  setAvatar,
  setRightsDefaults,
  updateProfile,
} from "../services/people/account.ts";
import { getTaste, saveTaste } from "../services/browse/taste.ts";
import { requestEmailChange, resendVerifyMail } from "../services/signin/mail-links.ts";
import { signinWays, unlinkProvider } from "../services/signin/oauth.ts";
import { bindPhone, unbindPhone } from "../services/signin/phone.ts";
import { mailChoicesOf, setMailChoices } from "../services/inbox/notice-digest.ts";

/** 编辑资料 and 账号: one's own profile, avatar, username, e-mail, password and sessions (under /api/user). */
export const accountRoutes = endpoints()
  .answer(account.profile, async (c) => {
    const user = requireUser(c);
    return updateProfile(c.deps, user, c.input.body);
  })
  .answer(account.rightsDefaults, async (c) => {
    const user = requireUser(c);
    return setRightsDefaults(c.deps, user, c.input.body);
  })
  .answer(account.avatar, async (c) => {
    const user = requireUser(c);
    const { file, fields } = await readFileForm(c, fileRules.avatar);
    const crop = parse(account.avatar.body, fields);
    if (!file?.length) throw fieldError("validation", "avatar", "请选择一张图片");
    const box = crop.cropSize !== undefined ? { x: crop.cropX!, y: crop.cropY!, size: crop.cropSize } : undefined;
    return setAvatar(c.deps, user, file, box);
  })
  .answer(account.username, async (c) => {
    const user = requireUser(c);
    const { username } = c.input.body;
    return changeUsername(c.deps, user, username);
  })
  // The new address takes effect when the link mailed to it is followed.
  .answer(account.email, async (c) => {
    const user = requireUser(c);
    const { email } = c.input.body;
    return requestEmailChange(c.deps, user, email);
  })
  .answer(account.resendVerifyMail, async (c) => resendVerifyMail(c.deps, requireUser(c)))
  .answer(account.signinWays, async (c) => signinWays(c.deps, requireUser(c)))
  .answer(account.unlinkProvider, async (c) => {
    const user = requireUser(c);
    const { provider } = c.input.body;
    await unlinkProvider(c.deps, user, provider);
    return null;
  })
  .answer(account.bindPhone, async (c) => {
    const user = requireUser(c);
    await bindPhone(c.deps, user, c.input.body, c.ip);
    return null;
  })
  .answer(account.unbindPhone, async (c) => {
    await unbindPhone(c.deps, requireUser(c));
    return null;
  })
  .answer(account.password, async (c) => {
    const user = requireUser(c);
    await changePassword(c.deps, user, c.token, c.input.body);
    return null;
  })
  .answer(account.taste, async (c) => getTaste(c.deps, requireUser(c).id))
  .answer(account.saveTaste, async (c) => {
    const user = requireUser(c);
    return saveTaste(c.deps, user.id, c.input.body);
  })
  .answer(account.sessions, async (c) => listSessions(c.deps, requireUser(c), c.token))
  // Without a sessionId: every session but this one ("sign out everywhere else").
  .answer(account.endSessions, async (c) => {
    const user = requireUser(c);
    const { sessionId } = c.input.body;
    return { ended: await endSessions(c.deps, user, c.token, sessionId) };
  })
  .answer(account.mailChoices, async (c) => mailChoicesOf(c.deps, requireUser(c)))
  .answer(account.saveMailChoices, async (c) => {
    const user = requireUser(c);
    await setMailChoices(c.deps, user.id, c.input.body.kinds);
    return mailChoicesOf(c.deps, user);
  }).all;
