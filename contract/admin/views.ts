import type {
  AuditAction,
  RegistrationMode,
  ReportReason,
  ReportTarget,
  SwitchableWay,
  WordAction,
} from "./moderation.ts";
import type { ContentStatus, WorkTypeValue } from "../shared/kinds.ts";
import type { AuthorView, Role } from "../people/views.ts";
import type { SiteStats } from "../site/views.ts";

/** What the admin pages read (issue 12). */

export type AdminPerson = AuthorView;

/** A mute or a ban in force: until when (FOREVER for good) and why. */
export type Restriction = { until: number; reason: string };

export type AdminUserRow = AdminPerson & {
  email: string | null;
  phone: string | null;
  roles: Role[];
  muted: Restriction | null;
  banned: Restriction | null;
  workCount: number;
  score: number;
  createdAt: number;
};

export type SigninRecord = { at: number; ip: string; client: string; way: string };
export type LedgerEntry = { delta: number; balance: number; reason: string; ref: string; createdAt: number };

export type AdminWorkRow = {
  artId: number;
  type: WorkTypeValue;
  title: string;
  author: AdminPerson;
  node: { nodeId: number; name: string } | null;
  status: ContentStatus;
  /** Why an admin hid it, or which word held it for review. */
  statusReason: string;
  recommended: boolean;
  pinned: boolean;
  likeCount: number;
  commentCount: number;
  createdAt: number;
};

export type AdminCommentRow = {
  commentId: number;
  work: { artId: number; title: string };
  author: AdminPerson;
  content: string;
  status: ContentStatus;
  statusReason: string;
  createdAt: number;
};

export type AdminUserDetail = AdminUserRow & {
  description: string;
  signins: SigninRecord[];
  works: AdminWorkRow[];
  comments: AdminCommentRow[];
  ledger: LedgerEntry[];
};

export type AdminNodeView = {
  nodeId: number;
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  hidden: boolean;
  workCount: number;
};

export type ReportView = {
  reportId: number;
  target: ReportTarget;
  targetId: number;
  /** Where the reported thing is seen (a work's page, a person's centre, the page itself). */
  url: string;
  /** A line saying what was reported: a work's title, a comment's words, a nickname. */
  excerpt: string;
  reason: ReportReason;
  detail: string;
  /** A copyright claim's original (a work of this site or another address), else empty. */
  original: string;
  reporter: AdminPerson;
  status: number;
  outcome: string;
  handledBy: AdminPerson | null;
  handledAt: number;
  createdAt: number;
};

export type AuditEntry = {
  id: number;
  actor: AdminPerson;
  action: AuditAction;
  targetKind: string;
  targetId: number;
  before: string;
  after: string;
  reason: string;
  createdAt: number;
};

/** One China day of the dashboard's chart. */
export type DayCounts = {
  day: string;
  signups: number;
  works: number;
  comments: number;
  likes: number;
  active: number;
};

export type DashboardView = {
  stats: SiteStats & { comments: number; likes: number };
  days: DayCounts[];
  reports: ReportView[];
  openReports: number;
  reviewQueue: { works: number; comments: number };
  /** No sensitive word is listed at all: the overview asks the owner to start from the starter list. */
  wordsEmpty: boolean;
  /** The site's processes heard from lately, each with what it sees of what it depends on. */
  processes: ProcessView[];
  /** The last `npm run backup`, on whichever machine; null before the first. */
  lastBackup: LastBackup | null;
};

export type LastBackup = { at: number; bytes: number; folder: string; host: string };

/** What a process checks: the readiness probe's checks, and mail and the model as they last answered. */
export type HealthCheck = "database" | "migrations" | "redis" | "storage" | "api" | "mail" | "ai";
export type ProcessView = {
  host: string;
  pid: number;
  /** The cluster worker's number; 0 for a process of its own. */
  worker: number;
  /** The build: a git commit or SENTRY_RELEASE. */
  release: string;
  startedAt: number;
  seenAt: number;
  /** Each check known to this process: up or not, since when, and (down) why in a few words. */
  health: Partial<Record<HealthCheck, { up: boolean; since: number; detail?: string }>>;
};

export type WordListView = Record<WordAction, string[]>;

export type AccessView = {
  registration: RegistrationMode;
  /** Ways in switched off by an admin. */
  waysOff: SwitchableWay[];
};

export type PagesView = { about: string; protocol: string };
/** An info page as readers get it: the admin's Markdown and its sanitized HTML ("" means the built-in text). */
export type InfoPageView = { markdown: string; html: string };

export type InviteView = { code: string; createdAt: number; usedBy: AdminPerson | null; usedAt: number };

/** The outcome of a bulk action: how many it changed, and why the others were left. */
export type BulkResult = { done: number; skipped: { id: number; message: string }[] };
