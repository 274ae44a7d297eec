import { purgeExpiredCaptchas } from "../../db/queries/captchas.ts";
import { purgeEmailTokens, purgeSmsCodes } from "../../db/queries/signin.ts";
import { forgetOldEffects } from "../../db/queries/jobs.ts";
import { forgetOldMail } from "../../db/queries/mail-log.ts";
import type { Deps } from "../deps.ts";

const DAY = 86_400_000;

/**
 * The job `signin.purge` (hourly): captchas, SMS codes and mail links past their time leave the database, as do the
 * mail log and the done effects' keys after a month (a job is never retried that late).
 */
export async function purgeExpired(deps: Deps): Promise<void> {
  const now = deps.now();
  await purgeExpiredCaptchas(deps.db, now);
  await purgeSmsCodes(deps.db, now - DAY);
  await purgeEmailTokens(deps.db, now);
  await forgetOldMail(deps.db, now - 30 * DAY);
  await forgetOldEffects(deps.db, now - 30 * DAY);
}
