import { CronExpressionParser } from "cron-parser";

/** Schedules are read in China time, as the site's days are (contract/shared/china-time.ts). */
export const SCHEDULE_TZ = "Asia/Shanghai";

/** The first minute of `cron` after `after` (epoch ms). */
export function nextRun(cron: string, after: number): number {
  return CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: SCHEDULE_TZ })
    .next()
    .getTime();
}

/** Whether `cron` is a schedule cron-parser reads (BACKUP_SCHEDULE is checked with it at start). */
export function validCron(cron: string): boolean {
  try {
    CronExpressionParser.parse(cron, { tz: SCHEDULE_TZ });
    return cron.trim().split(/\s+/).length >= 5;
  } catch {
    return false;
  }
}
