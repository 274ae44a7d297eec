/** The admin area's sections, in its menu's order: where each is and its name. */
export const adminSections = [
  ["/admin", "概览"],
  ["/admin/users", "用户"],
  ["/admin/works", "作品"],
  ["/admin/comments", "评论"],
  ["/admin/nodes", "节点"],
  ["/admin/tags", "标签"],
  ["/admin/reports", "举报"],
  ["/admin/events", "活动"],
  ["/admin/words", "敏感词"],
  ["/admin/settings", "站点设置"],
  ["/admin/access", "注册与登录"],
  ["/admin/pages", "页面内容"],
  ["/admin/ai", "AI"],
  ["/admin/jobs", "任务"],
  ["/admin/audit", "操作日志"],
] as const;

/** The section a path is in: the longest section path it starts with (/admin/users/7 is 用户). */
export function adminSection(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  const found = adminSections
    .filter(([to]) => path === to || path.startsWith(`${to}/`))
    .sort((a, b) => b[0].length - a[0].length)[0];
  return found?.[1] ?? "概览";
}
