import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { DB } from "../../db/schema.ts";
import { findCaptcha, insertCaptcha, purgeExpiredCaptchas, takeCaptcha } from "../../db/queries/captchas.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import { captchaKey, captchaValue, readCaptchaValue, type HeldCaptcha } from "../../lib/captcha-value.ts";
import { describeError } from "../../../contract/shared/log.ts";

/** Where live captchas wait for their answer. `now` is the site's clock (deps.now), which tests set. */
export type CaptchaStore = {
  put(id: string, code: string, expiresAt: number, now: number): Promise<void>;
  /** The code of a captcha still live at `now`, left in place (its picture is drawn on every request). */
  peek(id: string, now: number): Promise<string | null>;
  /** Removes and returns a captcha, live or not, in one step: each is answered once, even across processes. */
  take(id: string): Promise<HeldCaptcha | null>;
};

/** Captchas as rows of the database: every process on it shares them. */
export function databaseCaptchas(db: Kysely<DB>): CaptchaStore {
  return {
    async put(id, code, expiresAt, now) {
      await purgeExpiredCaptchas(db, now);
      await insertCaptcha(db, { id, code, expires_at: expiresAt });
    },
    async peek(id, now) {
      return (await findCaptcha(db, id, now))?.code ?? null;
    },
    async take(id) {
      const row = await takeCaptcha(db, id);
      return row ? { code: row.code, expiresAt: row.expires_at } : null;
    },
  };
}

/**
 * With REDIS_URL: a captcha is a key that Redis drops when it expires, so the database takes no write per
 * captcha asked for, and GETDEL answers each once. While Redis is away, captchas go to the database, and a captcha
 * not found in Redis is looked for there.
 */
export function redisCaptchas(redis: Redis, db: Kysely<DB>, options: { scope: string; log?: Logger }): CaptchaStore {
  const fallback = databaseCaptchas(db);
  const keyOf = (id: string) => captchaKey(options.scope, id);
  const away = (err: unknown) => {
    options.log?.warn("redis captchas unavailable", { error: describeError(err) });
    return undefined;
  };
  return {
    async put(id, code, expiresAt, now) {
      const stored = await redis
        .set(keyOf(id), captchaValue(code, expiresAt), "PX", Math.max(1, expiresAt - now))
        .catch(away);
      if (!stored) await fallback.put(id, code, expiresAt, now);
    },
    async peek(id, now) {
      const held = readCaptchaValue(await redis.get(keyOf(id)).catch(away));
      if (held) return held.expiresAt > now ? held.code : null;
      return fallback.peek(id, now);
    },
    async take(id) {
      return readCaptchaValue(await redis.getdel(keyOf(id)).catch(away)) ?? fallback.take(id);
    },
  };
}
