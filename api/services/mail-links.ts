import { deleteTokens } from "../db/queries/tokens.ts";
import { mailSent } from "../lib/metrics.ts";
import { checked } from "../lib/health.ts";
import { emailExists, findUserById, updateUser } from "../db/queries/users.ts";
import {
  dropEmailTokens,
  findUserByEmail,
  pendingVerifyEmail,
  insertEmailToken,
  purgeEmailTokens,
  spendEmailToken,
} from "../db/queries/signin.ts";
import { isUniqueViolation } from "../db/index.ts";
import { ApiError, fieldError } from "../lib/errors.ts";
import { linkMail, type Mail } from "../lib/mail.ts";
import { checkLimits, hitLimits, type LimitName } from "../lib/rate-limit.ts";
import { hashToken, newToken } from "../lib/token.ts";
import { mailLinkLimits } from "../../contract/signin.ts";
import { UserStatus } from "../../contract/kinds.ts";
import type { CurrentUserView } from "../../contract/views/signin.ts";
import { hashPassword } from "../lib/password.ts";
import { verifyCaptcha } from "./captcha.ts";
import { getConfig } from "./config.ts";
import type { Deps } from "./deps.ts";
import { describeError } from "../../contract/log.ts";

/**
 * Links sent by mail: verifying an address (24 h) and resetting a password (1 h), each hashed at rest and good
 * once. No answer here says whether an address belongs to an account: a taken address gets a notice instead of a
 * link, and a reset for an unknown address answers like any other.
 */
const HOUR = 3_600_000;

/** Sends without making the answer wait for (or depend on) the mail server: its time would tell what happened. */
function deliver(deps: Deps, mail: Mail) {
  deps.signin.mail.send(mail).then(
    () => {
      mailSent.inc({ outcome: "sent" });
      checked("mail", true);
    },
    (err: unknown) => {
      mailSent.inc({ outcome: "failed" });
      checked("mail", false, describeError(err).message);
      deps.log.error("mail not sent", { error: describeError(err) });
    },
  );
}

async function siteTitle(deps: Deps) {
  return (await getConfig(deps)).siteTitle;
}

/** A new link's token; only its hash is kept, with the address it goes to and when it stops working. */
async function newLink(deps: Deps, userId: number, purpose: "verify" | "reset", email: string) {
  const token = newToken();
  const now = deps.now();
  await purgeEmailTokens(deps.db, now);
  const hours = purpose === "verify" ? mailLinkLimits.verifyHours : mailLinkLimits.resetHours;
  await insertEmailToken(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    purpose,
    email,
    created_at: now,
    expires_at: now + hours * HOUR,
  });
  return token;
}

/** A verification link for `email` (the account's address, or one it is changing to). */
async function mailVerifyLink(deps: Deps, user: { id: number; nickname: string }, email: string) {
  const token = await newLink(deps, user.id, "verify", email);
  const title = await siteTitle(deps);
  deliver(
    deps,
    linkMail(email, {
      subject: `【${title}】请验证你的邮箱`,
      name: user.nickname,
      lead: `请点击下面的按钮，确认 ${email} 是你在${title}使用的邮箱。`,
      action: "验证邮箱",
      url: `${deps.signin.siteUrl}/user/email/verify?token=${token}`,
      note: `链接${mailLinkLimits.verifyHours}小时内有效，只能使用一次。如果这不是你的操作，请忽略这封邮件。`,
    }),
  );
}

/** Told to an address that already has an account, in place of a link: the answer to the asker stays the same. */
async function mailAddressTaken(deps: Deps, email: string) {
  const title = await siteTitle(deps);
  deliver(
    deps,
    linkMail(email, {
      subject: `【${title}】这个邮箱已经注册过了`,
      name: "你好",
      lead: `有人想用 ${email} 注册或绑定${title}的账号，但这个邮箱已经属于一个账号。如果是你，可以直接登录；忘了密码可以重置。`,
      action: "重置密码",
      url: `${deps.signin.siteUrl}/user/password/forgot`,
      note: "如果这不是你的操作，请忽略这封邮件，你的账号不受影响。",
    }),
  );
}

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
  // Only the newest reset link works.
  await dropEmailTokens(deps.db, user.id, "reset");
  const token = await newLink(deps, user.id, "reset", email);
  const title = await siteTitle(deps);
  deliver(
    deps,
    linkMail(email, {
      subject: `【${title}】重置密码`,
      name: user.nickname,
      lead: `你（或其他人）申请重置${title}账号 ${user.username} 的密码。点击下面的按钮设置新密码。`,
      action: "重置密码",
      url: `${deps.signin.siteUrl}/user/password/reset?token=${token}`,
      note: `链接${mailLinkLimits.resetHours}小时内有效，只能使用一次；重置后所有设备都需要重新登录。如果这不是你的操作，请忽略这封邮件。`,
    }),
  );
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
