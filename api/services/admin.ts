import { countNodes } from "../db/queries/nodes.ts";
import { countUsers } from "../db/queries/users.ts";
import { countWorks } from "../db/queries/works.ts";
import type { SiteStats } from "../../contract/types.ts";
import type { Deps } from "./deps.ts";
import { startOfChinaDay } from "../lib/china-time.ts";

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
