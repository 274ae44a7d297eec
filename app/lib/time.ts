import { pageClockNote } from "../speed/page-clock.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long from `diff` until relativeTime's words for it change; Infinity once it shows the date. */
function nextStep(diff: number): number {
  if (diff < HOUR) return (Math.floor(diff / MINUTE) + 1) * MINUTE;
  if (diff <= DAY) return Math.min((Math.floor(diff / HOUR) + 1) * HOUR, DAY + 1);
  if (diff <= 30 * DAY) return Math.min((Math.floor(diff / DAY) + 1) * DAY, 30 * DAY + 1);
  return Infinity;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Full date in China time: YYYY-MM-DD HH:mm:ss. */
export function fullDate(ms: number): string {
  const d = new Date(ms + 8 * HOUR);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** requirements §9: 刚刚 under a minute, then minutes, hours (to 24), days (to 30), then the full date. */
export function relativeTime(ms: number, now = Date.now()): string {
  const diff = Math.max(0, now - ms);
  pageClockNote.note?.(ms + nextStep(diff));
  if (diff < MINUTE) return "刚刚";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff <= DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff <= 30 * DAY) return `${Math.floor(diff / DAY)}天前`;
  return fullDate(ms);
}
