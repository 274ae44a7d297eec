import type { NotificationView } from "../../contract/inbox/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import type { NodeView, SiteConfig } from "../../contract/site/views.ts";
import { WorkType } from "../../contract/shared/kinds.ts";

/** A like on a work, unread, as the API answers it; tests change what they need. */
export const sampleNotification: NotificationView = {
  notificationId: 9,
  kind: "like",
  commentId: 0,
  actor: { id: 7, nickname: "阿波", username: "bob", avatar: "", smallAvatar: "" },
  work: { artId: 3, title: "晨雾" },
  comment: "",
  detail: "",
  read: false,
  createdAt: 0,
};

/** A work's card as the API answers it: an untitled post by 画友, no picture; tests change what they need. */
export const sampleCard = (artId: number, extra: Partial<WorkCardView> = {}): WorkCardView => ({
  artId,
  type: WorkType.post,
  title: "",
  summary: `第${artId}张速写`,
  cover: null,
  imageCount: 0,
  user: { id: 3, nickname: "画友", username: "painter", smallAvatar: "" },
  node: { nodeId: 1, name: "插画" },
  likeCount: 0,
  liked: false,
  createdAt: Date.UTC(2026, 10, 1),
  ...extra,
});

/** The site's settings as the API answers them with nothing set; tests change what they need. */
export const sampleConfig = (extra: Partial<SiteConfig> = {}): SiteConfig => ({
  siteTitle: "艺社",
  siteDescription: "",
  siteKeywords: "",
  siteNavs: [],
  tokenExpireDays: 30,
  icpNumber: "",
  policeNumber: "",
  footerText: "",
  uploadsPerHour: 60,
  uploadMbPerDay: 500,
  trustedDomains: "",
  captcha: true,
  oauth: [],
  sms: true,
  registration: "open",
  ai: false,
  ...extra,
});

/** Nodes by name, numbered from 1, the first with a logo. */
export const sampleNodes = (names: string[]): NodeView[] =>
  names.map((name, i) => ({ nodeId: i + 1, name, logo: i === 0 ? "/n1.webp" : "", description: "", workCount: 0 }));
