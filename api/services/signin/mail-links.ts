import { deleteTokens } from "../../db/queries/tokens.ts";
import { emailExists, findUserById, updateUser } from "../../db/queries/users.ts";
import { dropEmailTokens, findUserByEmail, pendingVerifyEmail, spendEmailToken } from "../../db/queries/signin.ts";
import { isUniqueViolation } from "../../db/index.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { queueMail } from "../inbox/mail-out.ts";
import { checkLimits, hitLimits, type LimitName } from "../../lib/rate-limit.ts";
import { hashToken } from "../../lib/token.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { hashPassword } from "../../lib/password.ts";
import { verifyCaptcha } from "./captcha.ts";
import type { Deps } from "../deps.ts";

/**
 * Links sent by mail: verifying an address (24 h) and resetting a password (1 h), each hashed at rest and good
 * once. No answer here says whether an address belongs to an account: a taken address gets a notice instead of a
 * link, and a reset for an unknown address answers like any other.
 */

/** A link to verify `email` (the account's address, or one it is changing to), made when the mail is sent. */
const mailVerifyLink = (deps: Deps, user: { id: number }, email: string) =>
  queueMail(deps, { kind: "verify", to: email, userId: user.id });

/** Told to an address that already has an account, in place of a link: the answer to the asker stays the same. */
const mailAddressTaken = (deps: Deps, email: string) => queueMail(deps, { kind: "taken", to: email, userId: null });

const verifyMailKeys = (userId: number): [LimitName, string][] => [["verifyMail", String(userId)]];

/** A mail the account asked for: refused past its allowance, else counted. */
async function spendMailAllowance(deps: Deps, userId: number) {
  await checkLimits(deps.limiter, verifyMailKeys(userId), "邮件发送太频繁");
  await hitLimits(deps.limiter, verifyMailKeys(userId));
}

/** A link to an address, or the notice in its place when the address is already someone's. */
async function mailLinkOrNotice(deps: Deps, user: { id: number; nickname: string }, email: string) {
  if (await emailExists(deps.db, email)) await mailAddressTaken(deps, email);
  else await mailVerifyLink(deps, user, email);
}

/** After sign-up: a link to the new address, or the notice when the address was taken. */
export async function mailAfterSignup(
  deps: Deps,
  user: { id: number; nickname: string },
  email: string,
  taken: boolean,
) {
  await hitLimits(deps.limiter, verifyMailKeys(user.id));
  if (taken) await mailAddressTaken(deps, email);
  else await mailVerifyLink(deps, user, email);
}

/** 重新发送验证邮件: to the address waiting for its link (or an unverified one the account has from before). */
export async function resendVerifyMail(deps: Deps, user: CurrentUserView): Promise<{ email: string }> {
  const pending = await pendingVerifyEmail(deps.db, user.id, deps.now());
  const email = pending ?? (user.emailVerified ? null : user.email);
  if (!email) throw fieldError("validation", "email", user.email ? "邮箱已验证" : "请先填写邮箱");
  await spendMailAllowance(deps, user.id);
  await mailLinkOrNotice(deps, user, email);
  return { email };
}

/**
 * 修改邮箱: the new address takes effect when its link is followed, so nobody can claim an address they cannot
 * read, and the answer is the same whether the address is free or someone's.
 */
export async function requestEmailChange(deps: Deps, user: CurrentUserView, email: string): Promise<{ email: string }> {
  const key = email.toLowerCase();
  if (key === user.email) return { email: key };
  await spendMailAllowance(deps, user.id);
  await mailLinkOrNotice(deps, user, key);
  return { email: key };
}

/** /user/email/verify: the link's address becomes the account's, verified. */
export async function verifyEmail(deps: Deps, token: string): Promise<{ email: string; userId: number }> {
  const row = await spendEmailToken(deps.db, hashToken(token), "verify", deps.now());
  if (!row) throw new ApiError("linkInvalid");
  const user = await findUserById(deps.db, row.user_id);
  if (!user || user.status !== UserStatus.active) throw new ApiError("linkInvalid");
  try {
    await updateUser(deps.db, user.id, { email: row.email, email_verified: 1, updated_at: deps.now() });
  } catch (err) {
    // Someone else verified this address meanwhile.
    if (isUniqueViolation(err)) throw new ApiError("linkInvalid", "该邮箱已被其他账号使用");
    throw err;
  }
  return { email: row.email, userId: user.id };
}

/** 忘记密码: a link if the address has an account, and the same answer whether it has or not. */
export async function requestPasswordReset(
  deps: Deps,
  input: { email: string; captchaId: string; captchaCode: string },
  ip: string,
): Promise<null> {
  const email = input.email.toLowerCase();
  const keys: [LimitName, string][] = [
    ["resetEmail", email],
    ["resetIp", ip],
  ];
  await checkLimits(deps.limiter, keys, "邮件发送太频繁");
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  await hitLimits(deps.limiter, keys);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.status !== UserStatus.active) return null;
  // The link is made when the mail goes (api/services/inbox/mail-compose.ts); only the newest works.
  await queueMail(deps, { kind: "reset", to: email, userId: user.id });
  return null;
}

/** A new password from a reset link: every session ends, and the address has proven itself. */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string; rePassword: string },
): Promise<null> {
  if (input.password !== input.rePassword) throw fieldError("passwordMismatch", "rePassword");
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const row = await spendEmailToken(trx, hashToken(input.token), "reset", deps.now());
    if (!row) throw new ApiError("linkInvalid");
    const user = await findUserById(trx, row.user_id);
    if (!user || user.status !== UserStatus.active) throw new ApiError("linkInvalid");
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      ...(user.email === row.email ? { email_verified: 1 } : {}),
      updated_at: deps.now(),
    });
    await dropEmailTokens(trx, user.id, "reset");
    await deleteTokens(trx, user.id);
    return user.id;
  });
  // Open streams of the ended sessions close now, in every process.
  deps.bus.publish(userId);
  return null;
}
