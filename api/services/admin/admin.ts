import { listWords } from "../../db/queries/words.ts";
import { countNodes } from "../../db/queries/nodes.ts";
import { countUsers } from "../../db/queries/users.ts";
import { countWorks } from "../../db/queries/works.ts";
import { activePerDay, countInReview, countRows, perDay } from "../../db/queries/admin.ts";
import { countOpenReports } from "../../db/queries/reports.ts";
import type { DashboardView, DayCounts } from "../../../contract/admin/views.ts";
import type { SiteStats } from "../../../contract/site/views.ts";
import { processesNow } from "./operations.ts";
import { lastBackup } from "./site-backup.ts";
import type { Deps } from "../deps.ts";
import { CHINA_OFFSET_MS, chinaDate, chinaDay, startOfChinaDay } from "../../lib/china-time.ts";
import { newestReports } from "../moderation/reports.ts";

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

export const DASHBOARD_DAYS = 30;

/** The dashboard: totals, the last 30 China days of sign-ups, works, comments, likes and active people, the queues. */
export async function dashboard(deps: Deps): Promise<DashboardView> {
  const now = deps.now();
  const first = chinaDay(now) - DASHBOARD_DAYS + 1;
  const since = startOfChinaDay(now) - (DASHBOARD_DAYS - 1) * 86_400_000;
  const [stats, comments, likes, signups, works, commentDays, likeDays, active, reports, openReports, reviewQueue] =
    await Promise.all([
      siteStats(deps),
      countRows(deps.db, "comments"),
      countRows(deps.db, "likes"),
      perDay(deps.db, "users", since, CHINA_OFFSET_MS),
      perDay(deps.db, "works", since, CHINA_OFFSET_MS),
      perDay(deps.db, "comments", since, CHINA_OFFSET_MS),
      perDay(deps.db, "likes", since, CHINA_OFFSET_MS),
      activePerDay(deps.db, since, CHINA_OFFSET_MS),
      newestReports(deps, 5),
      countOpenReports(deps.db),
      countInReview(deps.db),
    ]);
  const days: DayCounts[] = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = first + i;
    return {
      day: chinaDate(day),
      signups: signups.get(day) ?? 0,
      works: works.get(day) ?? 0,
      comments: commentDays.get(day) ?? 0,
      likes: likeDays.get(day) ?? 0,
      active: active.get(day) ?? 0,
    };
  });
  const [words, processes, backup] = await Promise.all([listWords(deps.db), processesNow(deps), lastBackup(deps)]);
  const wordsEmpty = words.length === 0;
  return {
    stats: { ...stats, comments, likes },
    days,
    reports,
    openReports,
    reviewQueue,
    wordsEmpty,
    processes,
    lastBackup: backup,
  };
}
