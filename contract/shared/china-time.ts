/**
 * China Standard Time (UTC+8, no daylight saving) as a datetime-local field writes it: "2026-11-27T09:30". The
 * site's people pick a minute in China time whatever their machine's zone says.
 */
const OFFSET_MS = 8 * 3_600_000;
const MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The moment a China-time minute names, or null for text that is not one (or a day that does not exist). */
export function chinaMinuteToMs(text: string): number | null {
  const m = MINUTE.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi) - OFFSET_MS;
  return msToChinaMinute(ms) === text ? ms : null;
}

/** A moment as the China-time minute a datetime-local field shows. */
export function msToChinaMinute(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 16);
}
