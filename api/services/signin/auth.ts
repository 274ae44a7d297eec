import { randomInt } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { findUserByPhone, insertIdentity } from "../../db/queries/signin.ts";
import { mailAfterSignup } from "./mail-links.ts";
import { checkSmsCode } from "./sms-codes.ts";
import { hashPassword } from "../../lib/password.ts";
import {
  deleteExpiredTokens,
  deleteToken,
  findUserByTokenHash,
  insertToken,
  touchToken,
} from "../../db/queries/tokens.ts";
import { emailExists, findUserById, findUserByLogin, hasOwner, insertUser, nameClash } from "../../db/queries/users.ts";
import { isUniqueViolation } from "../../db/index.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { hashToken, newToken } from "../../lib/token.ts";
import { checkLimits, hitLimits, type LimitName } from "../../lib/rate-limit.ts";
import type { CurrentUserView, Session } from "../../../contract/signin/views.ts";
import { verifyCaptcha } from "./captcha.ts";
import { RESERVED_NAME } from "../../lib/fold.ts";
import { screenPlain } from "../moderation/sensitive-words.ts";
import { getConfig } from "../config.ts";
import { queueWebhookCalls } from "../inbox/webhook-out.ts";
import type { Deps } from "../deps.ts";
import { insertSignin } from "../../db/queries/admin.ts";
import { admitNewAccount } from "./access.ts";
import { assertMaySignIn } from "../moderation/restrictions.ts";
import { toCurrentUserView } from "../people/users.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import { nicknameProblem } from "../../../contract/people/identity.ts";

const DAY_MS = 86_400_000;

export type SigninInput = { username: string; password: string; captchaId: string; captchaCode: string };
export type SignupInput = SigninInput & {
  nickname: string;
  email: string;
  rePassword: string;
  phone?: string;
  verifyCode?: string;
  inviteCode?: string;
};

/** Where a sign-in came from, kept with its session so that its owner can recognise it in the list. */
export type SessionOrigin = { client: string; ip: string };

/** A new session; `way` (密码, 短信, 注册, GitHub…) goes into the sign-in record the admin area reads. */
export async function issueSession(deps: Deps, userId: number, origin: SessionOrigin, way = "密码"): Promise<Session> {
  const { tokenExpireDays } = await getConfig(deps);
  const now = deps.now();
  const token = newToken();
  const expiresAt = now + tokenExpireDays * DAY_MS;
  await insertToken(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: expiresAt,
    client: clientName(origin.client),
    ip: origin.ip.slice(0, 64),
  });
  await insertSignin(deps.db, {
    user_id: userId,
    ip: origin.ip.slice(0, 64),
    client: clientName(origin.client),
    way,
    created_at: now,
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new ApiError("userNotFound");
  return { token, user: toCurrentUserView(user), expiresAt };
}

// A hash to check against when the account does not exist, so that answer takes as long as a wrong password.
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(newToken()));

/**
 * Failed attempts are counted per account and address, per account, and per address (api/lib/rate-limit.ts);
 * past a limit the answer is 429 until the wait is over, before the captcha or the password is even looked at.
 * An unknown account and a wrong password get the same answer, after the same argon2 work.
 */
export async function signin(deps: Deps, input: SigninInput, origin: SessionOrigin): Promise<Session> {
  const ip = origin.ip;
  const account = input.username.toLowerCase();
  const counters: [LimitName, string][] = [
    ["signinAccountIp", `${account}|${ip}`],
    ["signinAccount", account],
    ["signinIp", ip],
  ];
  await checkLimits(deps.limiter, counters);
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  const user = await findUserByLogin(deps.db, input.username);
  // The account once found is counted too, whichever name was typed for it (username, e-mail or phone): twenty
  // guesses by username and twenty more by e-mail are forty at one account.
  if (user) {
    const byAccount: [LimitName, string][] = [
      ["signinAccountIp", `#${user.id}|${ip}`],
      ["signinAccount", `#${user.id}`],
    ];
    await checkLimits(deps.limiter, byAccount);
    counters.push(...byAccount);
  }
  // An account without a password (phone or third party only) is checked against the decoy and never matches.
  const matches = await verify(user?.password_hash || (await decoyHash()), input.password);
  if (!user || !user.password_hash || !matches) {
    await hitLimits(deps.limiter, counters);
    throw fieldError("wrongPassword", "password");
  }
  await assertMaySignIn(deps, user);
  await deps.limiter.reset("signinAccountIp", counters[0][1]);
  await deps.limiter.reset("signinAccountIp", `#${user.id}|${ip}`);
  // Sign-in is a natural moment to drop stale sessions; no scheduler needed.
  await deleteExpiredTokens(deps.db, deps.now());
  return issueSession(deps, user.id, origin);
}

/**
 * A new account. Its e-mail address counts once its link is followed (mail-links.ts), so nobody signs in with or
 * holds an address they cannot read, and the answer is the same whether the address is free or already someone's
 * (its owner gets a notice instead of a link). A phone number comes proven by its code, so its owner may be told
 * it is taken.
 */
export async function signup(deps: Deps, input: SignupInput, origin: SessionOrigin): Promise<Session> {
  if (input.password !== input.rePassword) throw fieldError("passwordMismatch", "rePassword");
  if (input.phone && !input.verifyCode) throw fieldError("validation", "verifyCode", "请输入短信验证码");
  await checkLimits(deps.limiter, [["signupIp", origin.ip]], "注册太频繁");
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  const username = input.username.toLowerCase();
  const email = input.email.toLowerCase();
  const clash = await nameClash(deps.db, { nickname: input.nickname, username });
  if (clash.username) throw fieldError("usernameTaken", "username");
  if (clash.nickname) throw fieldError("nicknameTaken", "nickname");
  if (clash.reserved) throw fieldError("nicknameTaken", "nickname", RESERVED_NAME);
  await screenPlain(deps, { nickname: input.nickname }, "昵称");
  if (input.phone) {
    await checkSmsCode(deps, input.phone, input.verifyCode ?? "", origin.ip);
    if (await findUserByPhone(deps.db, input.phone)) throw fieldError("phoneTaken", "phone");
  }
  const emailTaken = await emailExists(deps.db, email);
  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await openAccount(deps, {
      username,
      nickname: input.nickname,
      passwordHash,
      phone: input.phone,
      invite: input.inviteCode,
    });
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides.
    if (isUniqueViolation(err)) {
      const message = String((err as Error).message);
      if (message.includes("nickname_key")) throw fieldError("nicknameTaken", "nickname");
      if (message.includes("phone")) throw fieldError("phoneTaken", "phone");
      throw fieldError("usernameTaken", "username");
    }
    throw err;
  }
  await hitLimits(deps.limiter, [["signupIp", origin.ip]]);
  await mailAfterSignup(deps, { id: userId, nickname: input.nickname }, email, emailTaken);
  return issueSession(deps, userId, origin, "注册");
}

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const randomUsername = () => "u" + Array.from({ length: 9 }, () => ALNUM[randomInt(ALNUM.length)]).join("");

/**
 * Opens an account in one transaction; the first on a site without an owner becomes its owner. Without a username
 * (phone, third party) it gets the hint when free and valid, else a random one; the nickname gets a number when
 * taken. The caller handles a unique violation of what it gave.
 */
export async function openAccount(
  deps: Deps,
  a: {
    nickname: string;
    username?: string;
    usernameHint?: string;
    email?: string | null;
    passwordHash?: string;
    phone?: string;
    identity?: { provider: string; providerUserId: string; name: string };
    /** An invitation code, when registration is by invitation (access.ts admitNewAccount). */
    invite?: string;
    /** Opened by the owner from the shell (scripts/admin.ts): whatever the registration setting says. */
    byOwner?: boolean;
  },
): Promise<number> {
  const now = deps.now();
  let username = a.username;
  let nickname = a.nickname;
  if (!username) {
    const hint = usernameFrom(a.usernameHint ?? "");
    const free = async (name: string) => !(await nameClash(deps.db, { nickname: name, username: name })).username;
    const usable = /^[a-z][a-z0-9_]{2,19}$/.test(hint) && !nicknameProblem(hint) && (await free(hint));
    username = usable ? hint : randomUsername();
    const taken = async (name: string) => {
      const clash = await nameClash(deps.db, { nickname: name, username: "" });
      return clash.nickname || clash.reserved;
    };
    for (let i = 0; i < 5 && (await taken(nickname)); i++)
      nickname = `${a.nickname.slice(0, 14)}${randomInt(1000, 9999)}`;
  }
  return deps.db.transaction().execute(async (trx) => {
    const ownerExists = await hasOwner(trx);
    const roles = ownerExists ? "" : "owner";
    const id = await insertUser(trx, {
      username,
      nickname,
      email: a.email ?? null,
      password_hash: a.passwordHash ?? "",
      phone: a.phone ?? null,
      roles,
      created_at: now,
      updated_at: now,
    });
    // The site's first account (its owner) always opens; every later one asks the registration setting.
    if (ownerExists && !a.byOwner) await admitNewAccount(trx, id, a.invite, now);
    if (a.identity)
      await insertIdentity(trx, {
        user_id: id,
        provider: a.identity.provider,
        provider_user_id: a.identity.providerUserId,
        name: a.identity.name,
        created_at: now,
      });
    // However they came in (a password, a phone, a provider, the owner's shell), the owner's webhooks hear of it.
    await queueWebhookCalls(deps, trx, [{ event: "site.member.joined", userId: id, data: { userId: id } }]);
    return id;
  });
}

/**
 * A provider's login name as a username of this site: GitHub allows hyphens and capitals ("Yuan-Shan"), which become
 * "yuan_shan"; one that starts with a digit gets a "u" before it. Empty for anything else.
 */
export function usernameFrom(login: string): string {
  // Anything beyond letters, digits, hyphens and dots is no login a provider gives: not guessed at.
  if (!/^[A-Za-z0-9_.-]+$/.test(login)) return "";
  let name = login.toLowerCase().replace(/[-.]/g, "_");
  if (/^[0-9_]/.test(name)) name = `u${name}`;
  name = name.slice(0, 20);
  return name.length >= 3 ? name : "";
}

/**
 * Ends the session. Its open inbox streams, in any process, end at once: the bus tells every process holding one of
 * the member's streams, and each stream asks again whether its own session stands (routes/inbox.ts).
 */
export async function signout(deps: Deps, token: string): Promise<void> {
  const userId = token ? await deleteToken(deps.db, hashToken(token)) : null;
  if (userId) deps.bus.publish(userId);
}

const TOUCH_EVERY_MS = 10 * 60_000;

/** The user a live token signs in; null for no token, an unknown or expired one, or a disabled account. */
export async function sessionUser(deps: Deps, token: string | undefined): Promise<CurrentUserView | null> {
  if (!token) return null;
  const now = deps.now();
  const row = await findUserByTokenHash(deps.db, hashToken(token), now);
  if (!row || row.status !== UserStatus.active) return null;
  // When a session was last used is kept to the nearest ten minutes: one write then, not one per request.
  if (now - row.last_seen_at > TOUCH_EVERY_MS) await touchToken(deps.db, row.session_id, now);
  return toCurrentUserView(row);
}

/** "Chrome · Windows" from a User-Agent; what a person needs to recognise a session, nothing more. */
export function clientName(userAgent: string): string {
  const ua = userAgent.slice(0, 300);
  const browser =
    [
      ["MicroMessenger", "微信"],
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([mark]) => ua.includes(mark))?.[1] ?? "";
  const system =
    [
      ["Android", "Android"],
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Windows", "Windows"],
      ["Mac OS X", "macOS"],
      ["Linux", "Linux"],
    ].find(([mark]) => ua.includes(mark))?.[1] ?? "";
  return [browser, system].filter(Boolean).join(" · ") || "其他客户端";
}
