/**
 * Scores and levels, written once: the API pays by these rules, the web shows them, the README's table is checked
 * against them. A reward is paid once per event (the ledger's unique key), never for one's own actions.
 */

/** Levels by score, lowest first. */
export const levels = [
  { level: 1, name: "初来乍到", min: 0 },
  { level: 2, name: "小试身手", min: 50 },
  { level: 3, name: "渐入佳境", min: 200 },
  { level: 4, name: "崭露头角", min: 500 },
  { level: 5, name: "才华横溢", min: 1200 },
  { level: 6, name: "自成一派", min: 3000 },
  { level: 7, name: "一代宗师", min: 8000 },
] as const;

export type Level = { level: number; name: string; min: number; next: number | null };

export function levelOf(score: number): Level {
  let i = 0;
  while (i + 1 < levels.length && score >= levels[i + 1].min) i++;
  return { ...levels[i], next: levels[i + 1]?.min ?? null };
}

/** Daily sign-in: 5 on the first day, one more for each day in a row, 15 from the eleventh; a missed day starts over. */
export const checkinRule = { base: 5, step: 1, max: 15 } as const;

export function checkinReward(streak: number): number {
  return Math.min(checkinRule.base + checkinRule.step * (Math.max(streak, 1) - 1), checkinRule.max);
}

/** What each event pays the person it happens to. */
export const rewards = {
  /** Publishing a work; only the first `publishPerDay` works of a CST day pay. Deleting the work takes it back. */
  publish: 10,
  publishPerDay: 3,
  /** Someone else likes, favorites or comments on your work, or follows you: once per person and work. */
  like: 2,
  favorite: 3,
  comment: 1,
  /** Comment rewards an author may receive in a CST day (each commenter pays once per work). */
  commentPerDay: 20,
  fan: 2,
  /** An admin recommends your work (once per work). */
  recommended: 20,
} as const;

export const scoreReasons = {
  checkin: "每日签到",
  publish: "发布作品",
  unpublish: "作品被删除",
  like: "作品被点赞",
  favorite: "作品被收藏",
  comment: "作品被评论",
  uncomment: "评论被删除",
  fan: "获得新粉丝",
  recommended: "作品被推荐",
  tipGiven: "打赏作品",
  tipReceived: "收到打赏",
} as const;

export type ScoreReason = keyof typeof scoreReasons;

/** What a notification tells; the web words each one. */
export const notificationKinds = [
  "like",
  "favorite",
  "comment",
  "reply",
  "mention",
  "follow",
  "recommend",
  "removed",
  "level",
  "hidden",
  "restored",
  "muted",
  "report",
  // Originals (issue 59): a work's picture like another member's earlier one, told to its author (copy) and to the
  // original's (copied); a copyright claim about one's work (claim).
  "copy",
  "copied",
  "claim",
  // Curation (issue 59): a work placed in an event (award); a step of a commission (commission); points given (tip).
  "award",
  "commission",
  "tip",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The unread items msgrecent answers with, and the badge's cap (requirements §9: 99+ above 99). */
export const recentLimit = 5;
export const BADGE_MAX = 99;

export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : count > 0 ? String(count) : "";
}

/**
 * What scores buy (issue 36): each level allows more of these, and the API holds members to it. A privilege's
 * allowance is the one of the highest level the member has reached among those listed.
 */
export const privileges = [
  {
    key: "pinned",
    label: "个人主页置顶作品",
    unit: "件",
    byLevel: [
      { level: 1, allows: 3 },
      { level: 3, allows: 6 },
    ],
  },
  {
    key: "series",
    label: "可建合集",
    unit: "个",
    byLevel: [
      { level: 1, allows: 5 },
      { level: 2, allows: 10 },
      { level: 4, allows: 30 },
    ],
  },
] as const;

export type PrivilegeKey = (typeof privileges)[number]["key"];

/** How many of a privilege a member with this score may have. */
export function allowance(key: PrivilegeKey, score: number): number {
  const level = levelOf(score).level;
  const steps = privileges.find((p) => p.key === key)!.byLevel;
  return [...steps].reverse().find((s) => level >= s.level)?.allows ?? steps[0].allows;
}
