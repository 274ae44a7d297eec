/** The shapes the API answers with, which the web reads: view types only, no code. */
import type { ContentStatus, WorkTypeValue } from "./kinds.ts";
import type { Level, NotificationKind } from "./growth.ts";
import type { OAuthProvider } from "./signin.ts";
import type { RegistrationMode } from "./admin.ts";

export type { WorkTypeValue };
export type Role = "owner" | "admin";

export type UserView = {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  smallAvatar: string;
  description: string;
  backgroundImage: string;
  smallBackgroundImage: string;
  roles: Role[];
  score: number;
  workCount: number;
  followCount: number;
  fansCount: number;
  createdAt: number;
};

/** A person in a list of people (followers, following), and whether the viewer follows them. */
export type PersonView = Pick<
  UserView,
  "id" | "username" | "nickname" | "avatar" | "smallAvatar" | "description" | "workCount" | "fansCount"
> & { followed: boolean };

/** The head of a personal centre: the person, the likes their works received, how the viewer stands to them. */
export type ProfileView = UserView & {
  likeReceivedCount: number;
  followed: boolean;
  isSelf: boolean;
  favoritesPublic: boolean;
};

/** A person the who-to-follow strip suggests: no introduction, one avatar. */
export type SuggestedPersonView = AuthorView & Pick<PersonView, "workCount" | "fansCount" | "followed">;

export type FollowState = { followed: boolean; fansCount: number };

/** 我的口味: the nodes and tags someone loves, and those they muted. */
export type TasteView = { lovedNodes: number[]; mutedNodes: number[]; lovedTags: TagRef[]; mutedTags: TagRef[] };

/** A session as its owner sees it in the list: where it signed in, when, and whether it is this one. */
export type SessionView = {
  sessionId: number;
  client: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
};

/** The signed-in user's own view adds private fields. */
export type CurrentUserView = UserView & {
  email: string | null;
  emailVerified: boolean;
  /** The bound mobile number, masked (138****8000); null when none. */
  phone: string | null;
  /** False for an account that came in by phone or a third party and has not set a password. */
  hasPassword: boolean;
  /** A mute an admin set (contract/admin.ts): until when and why; it is over once `until` has passed. */
  muted: { until: number; reason: string } | null;
};

/** A third-party account linked to one's own (账号与安全). */
export type IdentityView = { provider: OAuthProvider; name: string; linkedAt: number };
export type SigninWaysView = {
  identities: IdentityView[];
  providers: OAuthProvider[];
  /** An address whose verification link is out and not yet followed; it becomes the account's when it is. */
  pendingEmail: string | null;
};
/** Where to send the browser to sign in with a provider. */
export type OAuthStart = { url: string };
/** A provider's return: a new session (signing in), or the provider now linked to the signed-in account. */
export type OAuthResult = { session: Session | null; linked: OAuthProvider | null; ref: string };
/** 获取验证码: when the next code may be asked for. */
export type SmsSent = { resendAfter: number; /** The number it went to, masked. */ phone: string };

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
  /** Who may open an account (contract/admin.ts registrationModes). */
  registration: RegistrationMode;
};

export type NodeView = { nodeId: number; name: string; logo: string; description: string; workCount: number };

/** A picture of a work: its size, alt text, and WebP thumbnails by width for srcset. */
export type ImageView = { url: string; width: number; height: number; alt: string; variants?: Record<string, string> };

/** The person a card, a line or the who-to-follow strip names: a small avatar (the large one when there is no small). */
export type AuthorView = Pick<UserView, "id" | "nickname" | "username" | "smallAvatar">;

/**
 * A work as a card draws it, and no more: listings are written into the page once more as loader data, so the card
 * carries only what it shows (requirements §3).
 */
export type WorkCardView = {
  artId: number;
  type: WorkTypeValue;
  title: string;
  /** Empty for a titled post (its title says it); an untitled work shows it as its title. */
  summary: string;
  cover: ImageView | null;
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
};

export type WorkDetailView = Omit<WorkCardView, "url" | "duration" | "pinned" | "user"> & {
  user: UserRef;
  url: string;
  duration: number;
  commentCount: number;
  viewCount: number;
  content: string;
  /** Sanitized HTML of a Markdown body (articles and projects); empty for plain-text works. */
  contentHtml: string;
  images: ImageView[];
  logo: string;
  audio: string;
  favoriteCount: number;
  favorited: boolean;
  /** An admin recommended it (编辑推荐). */
  recommended: boolean;
  tags: TagRef[];
  updatedAt: number;
  /** Out of sight (hidden by an admin, or held for review): only its author and staff see it, with the reason. */
  state: { status: ContentStatus; reason: string } | null;
};

export type Page<T> = { results: T[]; cursor: string; hasMore: boolean };

export type Session = { token: string; user: CurrentUserView; expiresAt: number };

export type SiteStats = { users: number; usersToday: number; works: number; worksToday: number; nodes: number };

/** A page of a numbered listing (`/projects/:page`, `/tags/:page`). */
export type Numbered<T> = { results: T[]; page: number; totalPages: number; total: number };

export type TagRef = { tagId: number; name: string };
export type TagView = TagRef & { workCount: number };

/** Text cut into runs; `hit` marks the runs that matched the keyword, for the page to wrap in <mark>. */
export type Marked = { text: string; hit: boolean }[];

/** A work found by a search: its card, its title with the matches marked, and the passage of its text that matched. */
export type SearchHitView = WorkCardView & {
  commentCount: number;
  titleMarks: Marked;
  snippet: Marked;
  /** Its tags, `hit` on those that matched. */
  tags: (TagRef & { hit: boolean })[];
};

export type SearchResult = {
  keyword: string;
  results: SearchHitView[];
  /** How many works matched in all (pages stop at searchPaging.maxPages). */
  total: number;
  page: number;
  totalPages: number;
  hasMore: boolean;
};

/** A person found by nickname or username. */
export type PersonHitView = PersonView & { nicknameMarks: Marked };

export type PeopleSearchResult = { keyword: string; results: PersonHitView[]; page: number; hasMore: boolean };

/** What the search box offers as one types: nodes, tags and people whose names hold the text. */
export type SearchSuggestions = { nodes: { nodeId: number; name: string }[]; tags: TagRef[]; people: UserRef[] };

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
};

/** A person as a line of a message or notification names them. */
export type UserRef = Pick<UserView, "id" | "nickname" | "username" | "avatar" | "smallAvatar">;

/** Something that happened to the viewer. `work` and `comment` are what it concerns, when it concerns one. */
export type NotificationView = {
  notificationId: number;
  kind: NotificationKind;
  /** The comment it concerns (comments, replies, mentions), else 0. */
  commentId: number;
  actor: UserRef | null;
  work: { artId: number; title: string } | null;
  /** The comment's text, cut short, for comments, replies and mentions. */
  comment: string;
  /** A level reached ("3 渐入佳境"), or an admin's reason. */
  detail: string;
  read: boolean;
  createdAt: number;
};

export type PrivateMessageView = {
  messageId: number;
  senderId: number;
  content: string;
  read: boolean;
  createdAt: number;
};

/** One line of the conversation list. */
export type ConversationView = {
  peer: UserRef;
  lastContent: string;
  lastFromMe: boolean;
  lastAt: number;
  unreadCount: number;
};

/** A conversation as its page shows it: the other person, the standing between the two, a page of messages (newest first). */
export type ChatView = {
  peer: UserRef;
  /** I blocked them / they blocked me. */
  blocking: boolean;
  blockedBy: boolean;
  messages: Page<PrivateMessageView>;
};

/** One unread item of msgrecent: a notification or the latest message of a conversation. */
export type RecentItem =
  { type: "notification"; notification: NotificationView } | { type: "message"; conversation: ConversationView };

/** GET /api/user/msgrecent (requirements §7): the unread count and the most recent unread items. */
export type MsgRecent = { count: number; notificationCount: number; messageCount: number; messages: RecentItem[] };

/** GET /api/user/current: the signed-in user with where they stand on today's sign-in. */
export type MeView = CurrentUserView & { checkin: CheckinState };

export type CheckinState = {
  /** Signed in today (CST). */
  today: boolean;
  /** Days in a row, counting today when signed in today, else up to yesterday (0 when the run is broken). */
  streak: number;
  /** What signing in today pays, or paid. */
  reward: number;
  score: number;
};

export type ScoreEntry = {
  entryId: number;
  delta: number;
  balance: number;
  reason: string;
  label: string;
  createdAt: number;
};

export type ScoreSummary = {
  score: number;
  level: Level;
  rank: number;
  checkin: CheckinState;
  ledger: Page<ScoreEntry>;
};

/** What /sitemap.xml lists: for each kind, its files (ids page·N to page·N+N−1) and when each last changed. */
export type SitemapPart = { page: number; lastmod: number };
export type SitemapSummary = { works: SitemapPart[]; tags: SitemapPart[]; people: SitemapPart[]; nodes: number };
export type SitemapEntry = { id: number; lastmod: number };
export type SitemapKind = "works" | "tags" | "people" | "nodes";

export type LeaderEntry = { rank: number; user: UserRef; score: number; level: number };
