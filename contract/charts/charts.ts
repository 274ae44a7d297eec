/**
 * Charts (排行榜), written once: the API tallies by these rules, the web names the periods, /about says them.
 *
 * A work's place on a chart is the weight of the distinct members who liked, favorited or commented on it, each
 * counted once per kind, in the China-time day, week (Monday first) or month when they first did. Its author's own
 * marks count for nothing, and a member marking faster than a person reads (a burst) counts for nothing either.
 */
export const chartPeriods = [
  { key: "day", name: "日榜", unit: "日" },
  { key: "week", name: "周榜", unit: "周" },
  { key: "month", name: "月榜", unit: "月" },
] as const;

export type ChartPeriod = (typeof chartPeriods)[number]["key"];

export const chartPeriodKeys = chartPeriods.map((p) => p.key) as [ChartPeriod, ...ChartPeriod[]];

/** What a member's mark weighs: a favorite says more than a like; many comments from one member are one. */
export const chartWeights = { like: 1, favorite: 2, comment: 1 } as const;

export type ChartVoteKind = keyof typeof chartWeights;

/** A member's marks beyond `votes` within `minutes` (on any works) are a burst: kept as marks, not counted. */
export const chartBurst = { votes: 20, minutes: 10 } as const;

/** Works a chart shows. */
export const CHART_SIZE = 50;

/** How far back charts may be looked up, in days: past periods stay as they closed. */
export const CHART_HISTORY_DAYS = 400;

/**
 * Whose marks count (issue 53): on charts, in 推荐 and in an author's points. A member's likes, favorites, comments and
 * follows count once their account is `verifiedDays` old with a verified e-mail or phone, or `days` old without one
 * (staff always). Before that they are kept as marks (the counts on the page include them) but weigh nothing, so a
 * crowd of fresh accounts moves no chart and pays no one. A work by an author without standing starts 推荐 one
 * decay period behind (it needs ten times the love to stand where another's would).
 */
export const markStanding = { verifiedDays: 1, days: 7 } as const;

export function hasStanding(member: { createdAt: number; verified: boolean; staff: boolean }, now: number): boolean {
  const age = now - member.createdAt;
  const day = 86_400_000;
  return member.staff || age >= markStanding.days * day || (member.verified && age >= markStanding.verifiedDays * day);
}
