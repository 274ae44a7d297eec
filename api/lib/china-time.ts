/** Calendar days in China Standard Time (UTC+8, no daylight saving): what "today" means for sign-ins and caps. */
const DAY_MS = 86_400_000;
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Days since the epoch, counted in CST. */
export function chinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS);
}

/** Midnight of the current day in CST, as epoch milliseconds. */
export function startOfChinaDay(now: number): number {
  return chinaDay(now) * DAY_MS - CHINA_OFFSET_MS;
}

/** Midnight starting a CST calendar date ("2026-11-22"). */
export function chinaMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00+08:00`);
}

/** The CST calendar date of a day number (chinaDay). */
export function chinaDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
