import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  takeSmsTry,
  deleteSmsCode,
  insertSmsCode,
  liveSmsCode,
  purgeSmsCodes,
  spendSmsCode,
} from "../../db/queries/signin.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { checkLimits, hitLimits, type LimitName } from "../../lib/rate-limit.ts";
import { maskPhone, smsLimits } from "../../../contract/signin/ways-in.ts";
import type { SmsSent } from "../../../contract/signin/views.ts";
import { verifyCaptcha } from "./captcha.ts";
import type { Deps } from "../deps.ts";
import { assertWayOn } from "./access.ts";
import { describeError } from "../../../contract/shared/log.ts";

/**
 * Phone numbers proven by SMS codes: six digits, stored hashed with the number, live five minutes, five wrong
 * tries, one use. Sending is guarded by the captcha and counted per number (a minute, a day) and per address.
 */
const codeHash = (phone: string, code: string) => createHash("sha256").update(`${phone}:${code}`).digest();

export async function sendSmsCode(
  deps: Deps,
  input: { phone: string; captchaId: string; captchaCode: string },
  ip: string,
): Promise<SmsSent> {
  await assertWayOn(deps, "sms");
  const keys: [LimitName, string][] = [
    ["smsPhone", input.phone],
    ["smsPhoneDay", input.phone],
    ["smsIp", ip],
  ];
  await checkLimits(deps.limiter, keys, "验证码发送太频繁");
  await verifyCaptcha(deps, input.captchaId, input.captchaCode);
  await hitLimits(deps.limiter, keys);
  const code = String(randomInt(0, 10 ** smsLimits.codeLength)).padStart(smsLimits.codeLength, "0");
  const now = deps.now();
  await purgeSmsCodes(deps.db, now - 86_400_000);
  const id = await insertSmsCode(deps.db, {
    phone: input.phone,
    code_hash: codeHash(input.phone, code).toString("hex"),
    created_at: now,
    expires_at: now + smsLimits.ttlMinutes * 60_000,
  });
  try {
    await deps.signin.sms.send(input.phone, code, smsLimits.ttlMinutes);
  } catch (err) {
    await deleteSmsCode(deps.db, id);
    deps.log.error("sms not sent", {
      provider: deps.signin.sms.name,
      phone: maskPhone(input.phone),
      error: describeError(err),
    });
    throw new ApiError("smsFailed");
  }
  // Whether the number has an account is not said: a first code signs up, any later one signs in.
  return { resendAfter: smsLimits.resendSeconds, phone: maskPhone(input.phone) };
}

/** Spends the number's code when it is right; every check takes a try (five, then the code is dead). */
export async function checkSmsCode(deps: Deps, phone: string, code: string, ip: string): Promise<void> {
  await checkLimits(deps.limiter, [["smsCheckIp", ip]]);
  const row = await liveSmsCode(deps.db, phone, deps.now());
  if (!row) throw fieldError("smsCode", "verifyCode", "验证码已失效，请重新获取");
  // The try is taken before the comparison (on PostgreSQL, 300 guesses at once compared 7 to 14 against a limit of 5).
  const tries = await takeSmsTry(deps.db, row.id, smsLimits.tries);
  if (tries === null) throw fieldError("smsCode", "verifyCode", "错误次数过多，请重新获取验证码");
  const right = timingSafeEqual(Buffer.from(row.code_hash, "hex"), codeHash(phone, code));
  if (!right) {
    await hitLimits(deps.limiter, [["smsCheckIp", ip]]);
    const left = smsLimits.tries - tries;
    throw fieldError(
      "smsCode",
      "verifyCode",
      left > 0 ? `验证码错误，还可以再试${left}次` : "错误次数过多，请重新获取验证码",
    );
  }
  if (!(await spendSmsCode(deps.db, row.id, deps.now())))
    throw fieldError("smsCode", "verifyCode", "验证码已失效，请重新获取");
}
