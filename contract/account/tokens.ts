/**
 * Personal access tokens (访问令牌): a member's own key for a bot, an app or a mirror, sent as `Authorization: Bearer`.
 * Each names what it may do; nothing else is open to it, and no token ever reaches the admin area, the account's own
 * settings (its tokens included), sign-in or the site's AI.
 */
export const tokenScopes = [
  { key: "read", label: "读取", hint: "读取公开内容、自己的作品与草稿" },
  { key: "works", label: "发布作品", hint: "发布、修改、删除作品，管理草稿、合集、收藏夹和上传" },
  { key: "social", label: "评论与互动", hint: "评论、喜欢、收藏与关注" },
  { key: "messages", label: "私信与通知", hint: "读取与发送私信，读取通知" },
] as const;
export type TokenScope = (typeof tokenScopes)[number]["key"];
export const tokenScopeKeys = tokenScopes.map((s) => s.key) as [TokenScope, ...TokenScope[]];

/** How long a new token lives, in days; 0 is until revoked. */
export const tokenLifetimes = [
  { days: 30, label: "30 天" },
  { days: 90, label: "90 天" },
  { days: 365, label: "一年" },
  { days: 0, label: "永不过期" },
] as const;

export const tokenLimits = {
  name: 40,
  /** Live tokens a member may hold at once. */
  perMember: 20,
  /** Calls one token may make a minute: its own budget, beside the site's limits on what it does. */
  callsPerMinute: 120,
} as const;

/** Every token begins so, which lets a leaked one be recognised by secret scanners. */
export const TOKEN_PREFIX = "yst_";
