/**
 * When a page's words change by themselves: a relative time reads 刚刚, then 1分钟前, then 2小时前. A visitor's page
 * the server stores (server/speed/stored-pages) is kept no longer than its first such change. While the server renders
 * such a page, `note` (set by page-clock.server.ts) hears each relative time drawn; in the browser it is never set.
 */
export type PageClock = { changesAt: number };

export const pageClockNote: { note: ((changesAt: number) => void) | null } = { note: null };
