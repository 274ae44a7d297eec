import { countNodes } from "../db/queries/nodes.ts";
import { countUsers } from "../db/queries/users.ts";
import { countWorks } from "../db/queries/works.ts";
import type { SiteStats } from "../../contract/types.ts";
import type { Deps } from "./deps.ts";

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight of the current day in China Standard Time (UTC+8, no daylight saving), as epoch milliseconds. */
export function startOfChinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

export async function siteStats(deps: Deps): Promise<SiteStats> {
  const today = startOfChinaDay(deps.now());
  const [users, usersToday, works, worksToday, nodes] = await Promise.all([
    countUsers(deps.db),
    countUsers(deps.db, today),
    countWorks(deps.db),
    countWorks(deps.db, today),
    countNodes(deps.db),
  ]);
  return { users, usersToday, works, worksToday, nodes };
}
