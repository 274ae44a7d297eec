/**
 * A profile as a portfolio (issue 36): where a person is, what they do, whether they take commissions, their pages
 * elsewhere, and the works they pin on top. Each platform's link must lead to that platform, so its icon cannot send
 * people somewhere else.
 */
export const portfolioLimits = { city: 20, occupation: 20, note: 60, link: 200, pinned: 6 } as const;

export const linkSites = [
  { key: "weibo", label: "微博", hosts: ["weibo.com", "weibo.cn"] },
  { key: "bilibili", label: "B站", hosts: ["bilibili.com", "b23.tv"] },
  { key: "xiaohongshu", label: "小红书", hosts: ["xiaohongshu.com", "xhslink.com"] },
  { key: "zcool", label: "站酷", hosts: ["zcool.com.cn"] },
  { key: "douyin", label: "抖音", hosts: ["douyin.com"] },
  { key: "site", label: "个人网站", hosts: null },
] as const;

export type LinkSiteKey = (typeof linkSites)[number]["key"];

/** True when the address is on the platform (or one of its subdomains); any http(s) address for a personal site. */
export function linkFits(key: LinkSiteKey, url: string): boolean {
  const site = linkSites.find((s) => s.key === key);
  if (!site) return false;
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return false;
    host = u.hostname.toLowerCase();
  } catch {
    return false;
  }
  return !site.hosts || site.hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export const commissionStates = [
  { key: "open", label: "可接稿" },
  { key: "closed", label: "暂不接稿" },
] as const;

/** What a 约稿 message starts with: the points an artist needs to answer. */
export const COMMISSION_TEMPLATE = "你好，我想向你约稿：\n用途：\n尺寸与数量：\n风格参考：\n预算：\n期望交稿时间：";
