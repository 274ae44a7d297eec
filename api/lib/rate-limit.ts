import type BetterSqlite3 from "better-sqlite3";
import { rateLimitRefusals } from "./metrics.ts";
import type { Redis } from "ioredis";
import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
  type IRateLimiterOptions,
} from "rate-limiter-flexible";
import { ApiError } from "./errors.ts";
import { messageLimits, commentLimits } from "../../contract/shared/limits.ts";
import { smsLimits } from "../../contract/signin/ways-in.ts";
import { tokenLimits } from "../../contract/account/tokens.ts";

/** Where counters live: the database by default (shared by every process on it), Redis when REDIS_URL is set. */
export type LimitStore =
  | { kind: "sqlite"; client: BetterSqlite3.Database }
  | { kind: "postgres"; pool: pg.Pool }
  | { kind: "redis"; client: Redis }
  | { kind: "memory" };

/** A rule: at most `points` attempts within a window of `seconds`; past that the key waits for the window to end. */
export type LimitRule = { points: number; seconds: number };

/** The rules of this site, in one table (README, Security). */
export const limitRules = {
  /** Failed sign-ins for one account from one address. */
  signinAccountIp: { points: 5, seconds: 15 * 60 },
  /** Failed sign-ins for one account from anywhere: a slow, distributed guesser. */
  signinAccount: { points: 20, seconds: 60 * 60 },
  /** Failed sign-ins from one address, whatever the account: one machine trying many accounts. */
  signinIp: { points: 50, seconds: 60 * 60 },
  /** SMS codes to one number: one a minute, ten a day (smsLimits). */
  smsPhone: { points: 1, seconds: smsLimits.resendSeconds },
  smsPhoneDay: { points: smsLimits.perDay, seconds: 24 * 3600 },
  /** SMS codes asked for from one address, whatever the numbers: every one costs the site money. */
  smsIp: { points: 20, seconds: 60 * 60 },
  /** Wrong SMS codes from one address, across numbers. */
  smsCheckIp: { points: 30, seconds: 60 * 60 },
  /** Accounts opened from one address. */
  signupIp: { points: 10, seconds: 60 * 60 },
  /** Verification mails for one account. */
  verifyMail: { points: 5, seconds: 60 * 60 },
  /** Password-reset mails to one address, and asked for from one address. */
  resetEmail: { points: 3, seconds: 60 * 60 },
  resetIp: { points: 10, seconds: 60 * 60 },
  /** Third-party sign-ins begun from one address (each keeps a state for ten minutes). */
  oauthIp: { points: 30, seconds: 10 * 60 },
  /** New captchas from one address. */
  captchaIp: { points: 60, seconds: 60 },
  /** Private messages one person sends. */
  messageSend: { points: messageLimits.perMinute, seconds: 60 },
  /** Page reports from visitors, per address. */
  reportIp: { points: 10, seconds: 60 * 60 },
  /** Share posters one address has drawn (a poster already drawn is free). */
  posterDraw: { points: 12, seconds: 60 },
  /** Calls one personal access token makes: its own budget (contract/account/tokens.ts). */
  accessToken: { points: tokenLimits.callsPerMinute, seconds: 60 },
  /** Tokens one member makes: enough to set up a few bots, not to mint them in a loop. */
  tokenCreate: { points: 10, seconds: 60 * 60 },
  /** Test deliveries one member asks for: each is a POST to an address they typed, so never a way to flood one. */
  webhookPing: { points: 10, seconds: 60 * 60 },
  /** Devices one member adds for pushes (each a look-up of the push service's name): a few browsers, not a flood. */
  pushDevice: { points: 30, seconds: 60 * 60 },
  /** Reports one member files: enough for a bad evening's browsing, not for flooding the queue. */
  reportMember: { points: 20, seconds: 60 * 60 },
  /** Comments one person posts, and the people they @ (commentLimits). */
  commentMinute: { points: commentLimits.perMinute, seconds: 60 },
  commentHour: { points: commentLimits.perHour, seconds: 60 * 60 },
  mentionHour: { points: commentLimits.mentionsPerHour, seconds: 60 * 60 },
  /** Questions one member asks the AI; the admin sets the points (/admin/ai), this is the rule's shape. */
  aiMinute: { points: 5, seconds: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof limitRules;

export type Limiter = {
  /** Seconds until `key` may try again under `rule` (its attempts are used up); 0 when it may now. Reads only. */
  retryAfter(rule: LimitName, key: string): Promise<number>;
  /**
   * Counts one attempt; answers the seconds to wait when this attempt went over the rule, else 0. `points` replaces
   * the rule's where an admin sets it; counting starts afresh when it changes.
   */
  hit(rule: LimitName, key: string, points?: number): Promise<number>;
  /** Forgets a key's attempts (a successful sign-in clears that account's failures from that address). */
  reset(rule: LimitName, key: string): Promise<void>;
};

function makeLimiter(store: LimitStore, name: string, rule: LimitRule): RateLimiterAbstract {
  const options: IRateLimiterOptions = { keyPrefix: name, points: rule.points, duration: rule.seconds };
  const table = { tableName: "rate_limits", tableCreated: true, clearExpiredByTimeout: false };
  switch (store.kind) {
    case "sqlite":
      return new RateLimiterSQLite({ ...options, ...table, storeClient: store.client, storeType: "better-sqlite3" });
    case "postgres":
      return new RateLimiterPostgres({ ...options, ...table, storeClient: store.pool, storeType: "pool" });
    case "redis":
      // If Redis is unreachable, each process keeps counting on its own rather than letting everyone through.
      return new RateLimiterRedis({
        ...options,
        storeClient: store.client,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    case "memory":
      return new RateLimiterMemory(options);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createLimiter(store: LimitStore): Limiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const of = (rule: LimitName, points?: number) => {
    const name = points === undefined ? rule : `${rule}${points}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const shape = points === undefined ? limitRules[rule] : { ...limitRules[rule], points };
      limiters.set(name, (limiter = makeLimiter(store, name, shape)));
    }
    return limiter;
  };
  return {
    async retryAfter(rule, key) {
      const res = await of(rule).get(key);
      if (!res || res.consumedPoints < limitRules[rule].points) return 0;
      rateLimitRefusals.inc({ rule });
      return seconds(res.msBeforeNext);
    },
    async hit(rule, key, points) {
      try {
        await of(rule, points).consume(key);
        return 0;
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          rateLimitRefusals.inc({ rule });
          return seconds(err.msBeforeNext);
        }
        throw err;
      }
    },
    async reset(rule, key) {
      await of(rule).delete(key);
    },
  };
}

/** "15分钟" / "30秒": a wait as people say it. */
export function waitText(s: number): string {
  return s >= 60 ? `${Math.ceil(s / 60)}分钟` : `${s}秒`;
}

/** Throws the 429 when any of the keys has used up its rule; reads only. */
export async function checkLimits(limiter: Limiter, keys: [LimitName, string][], what?: string): Promise<void> {
  const waits = await Promise.all(keys.map(([rule, key]) => limiter.retryAfter(rule, key)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw tooMany(wait, what);
}

/** Counts one attempt under every rule given. */
export async function hitLimits(limiter: Limiter, keys: [LimitName, string][]): Promise<void> {
  await Promise.all(keys.map(([rule, key]) => limiter.hit(rule, key)));
}

/** The 429 a client gets past a limit, with the wait in words and in Retry-After. */
export function tooMany(seconds: number, what = "尝试次数过多"): ApiError {
  const err = new ApiError("tooManyRequests", `${what}，请${waitText(seconds)}后再试`);
  err.retryAfter = seconds;
  return err;
}
