/** Calendar days in China Standard Time (UTC+8, no daylight saving): what "today" means for sign-ins and caps. */
const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Days since the epoch, counted in CST. */
export function chinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS);
}

/** Midnight of the current day in CST, as epoch milliseconds. */
export function startOfChinaDay(now: number): number {
  return chinaDay(now) * DAY_MS - CHINA_OFFSET_MS;
}
