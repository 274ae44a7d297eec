import { hash, verify } from "@node-rs/argon2";
import {
  deleteExpiredTokens,
  deleteToken,
  findUserByTokenHash,
  insertToken,
  touchToken,
} from "../db/queries/tokens.ts";
import { emailExists, findUserById, findUserByLogin, hasOwner, insertUser, nameClash } from "../db/queries/users.ts";
import { isUniqueViolation } from "../db/index.ts";
import { ApiError, fieldError } from "../lib/errors.ts";
import { hashToken, newToken } from "../lib/token.ts";
import { tooMany, type LimitName } from "../lib/rate-limit.ts";
import type { CurrentUserView, Session } from "../../contract/types.ts";
import { verifyCaptcha } from "./captcha.ts";
import { getConfig } from "./config.ts";
import type { Deps } from "./deps.ts";
import { toCurrentUserView } from "./users.ts";
import { UserStatus } from "../../contract/kinds.ts";

const DAY_MS = 86_400_000;

export type SigninInput = { username: string; password: string; captchaId: string; captchaCode: string };
export type SignupInput = SigninInput & { nickname: string; email: string; rePassword: string };

/** argon2id with the library's defaults (m=19 MiB, t=2), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Where a sign-in came from, kept with its session so that its owner can recognise it in the list. */
export type SessionOrigin = { client: string; ip: string };

async function issueSession(deps: Deps, userId: number, origin: SessionOrigin): Promise<Session> {
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
  const waits = await Promise.all(counters.map(([rule, key]) => deps.limiter.retryAfter(rule, key)));
  const wait = Math.max(...waits);
  if (wait > 0) throw tooMany(wait);
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  const user = await findUserByLogin(deps.db, input.username);
  const matches = await verify(user?.password_hash ?? (await decoyHash()), input.password);
  if (!user || !matches) {
    await Promise.all(counters.map(([rule, key]) => deps.limiter.hit(rule, key)));
    throw fieldError("wrongPassword", "password");
  }
  if (user.status !== UserStatus.active) throw new ApiError("userDisabled");
  await deps.limiter.reset("signinAccountIp", counters[0][1]);
  // Sign-in is a natural moment to drop stale sessions; no scheduler needed.
  await deleteExpiredTokens(deps.db, deps.now());
  return issueSession(deps, user.id, origin);
}

export async function signup(deps: Deps, input: SignupInput, origin: SessionOrigin): Promise<Session> {
  if (input.password !== input.rePassword) throw fieldError("passwordMismatch", "rePassword");
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  const username = input.username.toLowerCase();
  const email = input.email.toLowerCase();
  const clash = await nameClash(deps.db, { nickname: input.nickname, username });
  if (clash.username) throw fieldError("usernameTaken", "username");
  if (clash.nickname) throw fieldError("nicknameTaken", "nickname");
  if (await emailExists(deps.db, email)) throw fieldError("emailTaken", "email");
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  let userId: number;
  try {
    userId = await deps.db.transaction().execute(async (trx) => {
      // The first account on a site without an owner becomes its owner.
      const roles = (await hasOwner(trx)) ? "" : "owner";
      return insertUser(trx, {
        username,
        email,
        nickname: input.nickname,
        password_hash: passwordHash,
        roles,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides.
    if (isUniqueViolation(err)) {
      if (String((err as Error).message).includes("nickname_key")) throw fieldError("nicknameTaken", "nickname");
      throw fieldError("usernameTaken", "username", "用户名或邮箱已被占用");
    }
    throw err;
  }
  return issueSession(deps, userId, origin);
}

export async function signout(deps: Deps, token: string): Promise<void> {
  if (token) await deleteToken(deps.db, hashToken(token));
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
