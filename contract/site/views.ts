import type { RegistrationMode } from "../admin/moderation.ts";
import type { OAuthProvider } from "../signin/ways-in.ts";

/** The site: its settings as pages read them, nodes, tags, counts, and the sitemap's parts. */

export type SiteNav = { title: string; url: string };

export type SiteConfig = {
  siteTitle: string;
  siteDescription: string;
  siteKeywords: string;
  siteNavs: SiteNav[];
  tokenExpireDays: number;
  icpNumber: string;
  policeNumber: string;
  footerText: string;
  uploadsPerHour: number;
  uploadMbPerDay: number;
  trustedDomains: string;
  captcha: boolean;
  /** Third-party sign-in the site offers (a provider shows only when its client id and secret are set, and is on). */
  oauth: OAuthProvider[];
  /** Whether SMS sign-in is on (an admin may switch it off). */
  sms: boolean;
  /** Who may open an account (contract/admin/moderation.ts registrationModes). */
  registration: RegistrationMode;
  /** The site's AI answers (AI_* set and the admin has it on): its links, icons and the footer's notice show. */
  ai: boolean;
};

export type NodeView = { nodeId: number; name: string; logo: string; description: string; workCount: number };

export type SiteStats = { users: number; usersToday: number; works: number; worksToday: number; nodes: number };

export type TagRef = { tagId: number; name: string };

export type TagView = TagRef & { workCount: number };

/** What /sitemap.xml lists: for each kind, its files (ids page·N to page·N+N−1) and when each last changed. */
export type SitemapPart = { page: number; lastmod: number };

export type SitemapSummary = { works: SitemapPart[]; tags: SitemapPart[]; people: SitemapPart[]; nodes: number };

export type SitemapEntry = { id: number; lastmod: number };

export type SitemapKind = "works" | "tags" | "people" | "nodes";
