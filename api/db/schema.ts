import type { Generated } from "kysely";
import type {
  NotificationTable,
  PrivateMessageTable,
  ConversationTable,
  BlockTable,
  ScoreLedgerTable,
  CheckinTable,
  ReportTable,
  SensitiveWordTable,
  InviteTable,
  SigninTable,
  AuditLogTable,
} from "./schema-community.ts";
import type { AiConversationTable, AiMessageTable, AiSiteUsageTable, AiUsageTable } from "./schema-ai.ts";
import type { DraftTable } from "./schema-drafts.ts";
import type { JobEffectTable, JobScheduleTable, JobTable, MailChoiceTable, MailLogTable } from "./schema-jobs.ts";
import type { SeriesTable, SeriesWorkTable } from "./schema-series.ts";
import type { FavoriteFolderTable, FolderWorkTable } from "./schema-folders.ts";
import type { ChartTallyTable, ChartVoteTable } from "./schema-charts.ts";
import type {
  AccessTokenTable,
  WebhookDeliveryTable,
  WebhookTable,
  CaptchaTable,
  EmailTokenTable,
  OAuthStateTable,
  SmsCodeTable,
  UserIdentityTable,
} from "./schema-signin.ts";
import type { PictureMatchTable, PicturePrintTable } from "./schema-originals.ts";
import type { EventEntryTable, EventTable, EventVoteTable, TagFollowTable } from "./schema-curation.ts";
import type { ProcessTable } from "./schema-jobs.ts";
import type { UploadTable } from "./schema-uploads.ts";
export type { UploadTable };
import type { CommissionFileTable, CommissionMessageTable, CommissionTable, TipTable } from "./schema-commissions.ts";
import type { PushChoiceTable, PushDeviceTable } from "./schema-push.ts";
export type { ProcessTable };

/** Table types. Times are integer milliseconds since the epoch; flags are 0/1 integers on both engines. */
export type UserTable = {
  id: Generated<number>;
  username: string;
  email: string | null;
  email_verified: Generated<number>;
  nickname: string;
  /** contract/people/identity.ts nicknameKey(nickname): unique. */
  nickname_key: string;
  /** The nickname as search reads it: normalized like indexed text (lib/segment.ts), without spaces. */
  name_search: Generated<string>;
  avatar: Generated<string>;
  small_avatar: Generated<string>;
  description: Generated<string>;
  background_image: Generated<string>;
  small_background_image: Generated<string>;
  roles: Generated<string>;
  /** "" for an account without a password (it came in by phone or a third party). */
  password_hash: string;
  /** A mainland mobile number proven by an SMS code; unique. */
  phone: string | null;
  score: Generated<number>;
  work_count: Generated<number>;
  follow_count: Generated<number>;
  fans_count: Generated<number>;
  /** The likes of this person's live works, moved with each like and each work crossing the live line. */
  like_received_count: Generated<number>;
  status: Generated<number>;
  /** A mute (may read, may not post) or ban in force until then (contract/admin/moderation.ts FOREVER: for good); 0: none. */
  muted_until: Generated<number>;
  mute_reason: Generated<string>;
  banned_until: Generated<number>;
  ban_reason: Generated<string>;
  /** 1: anyone may see this person's favorites. */
  favorites_public: Generated<number>;
  /** When the username was changed (it may be, once); 0 if never. */
  username_changed_at: Generated<number>;
  /** What a new work of theirs starts with: its licence, and whether it stays away from AI. */
  default_license: Generated<string>;
  default_noai: Generated<number>;
  /** 1: lists and search leave out works labelled AI 生成 for them. */
  hide_ai: Generated<number>;
  /** A profile as a portfolio (migration 0019): links and pinned are JSON. */
  city: Generated<string>;
  occupation: Generated<string>;
  commission: Generated<string>;
  commission_note: Generated<string>;
  links: Generated<string>;
  pinned: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type UserTokenTable = {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  /** The browser or app that signed in, as its User-Agent named it (cut short), and from where. */
  client: Generated<string>;
  ip: Generated<string>;
  created_at: number;
  expires_at: number;
  last_seen_at: Generated<number>;
};

/** A node or tag someone loves (weight 1) or mutes (weight -1). */
export type TasteTable = {
  user_id: number;
  target: "node" | "tag";
  target_id: number;
  weight: number;
  created_at: number;
};

export type SiteConfigTable = {
  key: string;
  value: string;
};

export type NodeTable = {
  id: Generated<number>;
  name: string;
  logo: Generated<string>;
  description: Generated<string>;
  sort_no: Generated<number>;
  /** 1: left out of the node lists and the publish form; its works stay where they are. */
  hidden: Generated<number>;
  work_count: Generated<number>;
  created_at: number;
};

export type WorkTable = {
  id: Generated<number>;
  type: number;
  user_id: number;
  node_id: number | null;
  title: Generated<string>;
  summary: Generated<string>;
  content: Generated<string>;
  cover: Generated<string>;
  images: Generated<string>;
  url: Generated<string>;
  logo: Generated<string>;
  audio: Generated<string>;
  duration: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  favorite_count: Generated<number>;
  comment_count: Generated<number>;
  /** People other than the author with a live comment here: what the ranking weighs (api/services/browse/ranking.ts). */
  commenter_count: Generated<number>;
  score: Generated<number>;
  status: Generated<number>;
  /** When an admin recommended it (编辑推荐), or 0. */
  recommended_at: Generated<number>;
  /** What the admin said in picking it for 编辑精选 (shown with it). */
  recommend_reason: Generated<string>;
  /** 打赏: how many tips it had, and their points. */
  tip_count: Generated<number>;
  tip_total: Generated<number>;
  /** 1: its pictures are the author's own as far as the site can tell (none like an earlier one of another member). */
  original_verified: Generated<number>;
  /** Why an admin hid it, or the word that held it for review. */
  status_reason: Generated<string>;
  /** When an admin pinned it to its node's top, or 0. */
  pinned_at: Generated<number>;
  /** contract/works/rights.ts: a licence key; a repost (source_url set) keeps "all-rights" and shows its source instead. */
  license: Generated<string>;
  source_url: Generated<string>;
  source_author: Generated<string>;
  /** A repost of a work on this site: that work's id (its choice about AI holds for the repost), else 0. */
  source_work_id: Generated<number>;
  /** AiLabel: what the author declared, never under ai_floor (what its pictures' metadata said). */
  ai_label: Generated<number>;
  ai_floor: Generated<number>;
  /** 1: never sent to a model, and crawlers are asked not to use it (noai, noimageai). */
  noai: Generated<number>;
  /** 0: only the display sizes of its pictures are served, never the largest. */
  offer_original: Generated<number>;
  /** contract/works/rights.ts WatermarkCorner, or "" for none; drawn on the display sizes only. */
  watermark: Generated<string>;
  watermark_opacity: Generated<number>;
  /** Where a card crops the cover: percent from the left and from the top (50, 50: the centre). */
  cover_x: Generated<number>;
  cover_y: Generated<number>;
  /** 定时发布: when a scheduled work goes out (0: not scheduled). */
  publish_at: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type TagTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  work_count: Generated<number>;
  created_at: number;
};

export type WorkTagTable = { work_id: number; tag_id: number };
export type LikeTable = { user_id: number; work_id: number; created_at: number };
export type FollowTable = { user_id: number; target_id: number; created_at: number };

export type FavoriteTable = { user_id: number; work_id: number; created_at: number };

export type CommentTable = {
  id: Generated<number>;
  work_id: number;
  user_id: number;
  parent_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  reply_count: Generated<number>;
  /** Members who liked it (comment_likes), kept with them. */
  like_count: Generated<number>;
  status: Generated<number>;
  status_reason: Generated<string>;
  created_at: number;
};

export type DB = {
  users: UserTable;
  user_tokens: UserTokenTable;
  captchas: CaptchaTable;
  site_config: SiteConfigTable;
  nodes: NodeTable;
  works: WorkTable;
  tags: TagTable;
  work_tags: WorkTagTable;
  likes: LikeTable;
  follows: FollowTable;
  tastes: TasteTable;
  favorites: FavoriteTable;
  comments: CommentTable;
  uploads: UploadTable;
  notifications: NotificationTable;
  private_messages: PrivateMessageTable;
  conversations: ConversationTable;
  blocks: BlockTable;
  score_ledger: ScoreLedgerTable;
  checkins: CheckinTable;
  user_identities: UserIdentityTable;
  sms_codes: SmsCodeTable;
  email_tokens: EmailTokenTable;
  oauth_states: OAuthStateTable;
  reports: ReportTable;
  sensitive_words: SensitiveWordTable;
  invites: InviteTable;
  signins: SigninTable;
  audit_log: AuditLogTable;
  ai_conversations: AiConversationTable;
  drafts: DraftTable;
  series: SeriesTable;
  series_works: SeriesWorkTable;
  favorite_folders: FavoriteFolderTable;
  folder_works: FolderWorkTable;
  chart_votes: ChartVoteTable;
  chart_tallies: ChartTallyTable;
  comment_likes: { comment_id: number; user_id: number; created_at: number };
  ai_messages: AiMessageTable;
  ai_usage: AiUsageTable;
  ai_site_usage: AiSiteUsageTable;
  processes: ProcessTable;
  jobs: JobTable;
  job_schedules: JobScheduleTable;
  job_effects: JobEffectTable;
  mail_log: MailLogTable;
  mail_choices: MailChoiceTable;
  access_tokens: AccessTokenTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  picture_prints: PicturePrintTable;
  picture_matches: PictureMatchTable;
  tag_follows: TagFollowTable;
  events: EventTable;
  event_entries: EventEntryTable;
  event_votes: EventVoteTable;
  commissions: CommissionTable;
  commission_messages: CommissionMessageTable;
  commission_files: CommissionFileTable;
  tips: TipTable;
  push_devices: PushDeviceTable;
  push_choices: PushChoiceTable;
};
