import type { AiLabelValue, LicenseKey, Watermark } from "./rights.ts";
import type { ContentStatus, WorkTypeValue } from "../shared/kinds.ts";
import type { AuthorView, UserRef } from "../people/views.ts";
import type { TagRef } from "../site/views.ts";

/** Works as the API answers them: a card (exactly what a card draws), a work's page, comments, uploads. */

/** A picture of a work: its size, alt text, and WebP thumbnails by width for srcset. */
export type ImageView = { url: string; width: number; height: number; alt: string; variants?: Record<string, string> };

/**
 * A work as a card draws it, and no more: listings are written into the page once more as loader data, so the card
 * carries only what it shows (requirements §3).
 */
export type WorkCardView = {
  artId: number;
  type: WorkTypeValue;
  title: string;
  /** The author's summary or the opening lines: an untitled work shows it as its title, a card without a picture on its face. */
  summary: string;
  cover: ImageView | null;
  /** Where a card crops its cover: percent from the left and from the top; absent when centred. */
  focus?: [number, number];
  imageCount: number;
  /** Links only: where it points. */
  url?: string;
  /** Music only: seconds. */
  duration?: number;
  user: AuthorView;
  node: { nodeId: number; name: string } | null;
  likeCount: number;
  liked: boolean;
  createdAt: number;
  /** Set on the works an admin pinned to the top of the node being listed. */
  pinned?: true;
  /** AI 辅助 (1) or AI 生成 (2); absent for a work made without AI. */
  ai?: 1 | 2;
  /** Set on a repost (转载). */
  repost?: true;
  /** Set when the site verified it original (原创): its pictures like none of another member's earlier ones. */
  original?: true;
};

/** What may be done with a work (contract/works/rights.ts), as its page shows it and its edit form fills in. */
export type RightsView = {
  license: LicenseKey;
  /** A repost's source; null for the author's own work. */
  source: { url: string; author: string } | null;
  ai: AiLabelValue;
  /** The least AI label its pictures' metadata allows: the author cannot go under it. */
  aiFloor: AiLabelValue;
  /** Never sent to a model; crawlers are asked not to use it either. */
  noai: boolean;
  /** Its largest pictures are offered in the viewer; otherwise only display sizes are. */
  offerOriginal: boolean;
  /** The author's name drawn on the display sizes, where and how strongly; null for none. */
  watermark: Watermark | null;
};

export type WorkDetailView = Omit<WorkCardView, "url" | "duration" | "pinned" | "user"> & {
  user: UserRef;
  rights: RightsView;
  url: string;
  duration: number;
  commentCount: number;
  viewCount: number;
  content: string;
  /** Sanitized HTML of a Markdown body (articles and projects); empty for plain-text works. */
  contentHtml: string;
  /** The other works its text shows as blocks (a link to each on a line of its own), by id. */
  embeds: number[];
  images: ImageView[];
  logo: string;
  audio: string;
  favoriteCount: number;
  favorited: boolean;
  /** An admin picked it for 编辑精选, and why ("" without a reason). */
  recommended: boolean;
  recommendReason: string;
  /** 打赏: how many tips its author had for it, and their points. */
  tips: { count: number; total: number };
  tags: TagRef[];
  updatedAt: number;
  /** Out of sight (hidden by an admin, or held for review): only its author and staff see it, with the reason. */
  /** Out of sight: why, and for a scheduled work when it goes out. */
  state: { status: ContentStatus; reason: string; publishAt?: number } | null;
};

export type CommentView = {
  commentId: number;
  content: string;
  createdAt: number;
  user: { id: number; nickname: string; username: string; avatar: string; smallAvatar: string };
  replyTo: { id: number; nickname: string } | null;
  /** Names written as @name in the content that belong to real users, with their ids. */
  mentions: Record<string, number>;
  canDelete: boolean;
  replyCount: number;
  /** Members who liked it, and whether the viewer is one. */
  likeCount: number;
  liked: boolean;
  replies: CommentView[];
};

/** What an upload answers: a picture's size and thumbnails, or a recording's duration. */
export type UploadView = {
  uploadId?: number;
  url: string;
  width?: number;
  height?: number;
  duration?: number;
  variants?: Record<string, string>;
  /** A picture whose metadata says AI made it: the least label a work using it carries (contract/works/rights.ts). */
  aiFloor?: AiLabelValue;
};
