import type { Generated } from "kysely";

/** The tables of what people tell each other and what staff do: notifications, messages, scores, reports, words, invites, sign-ins and the audit log. */
/** Something that happened to `user_id`; `dedupe` names the event, so it is written once. */
export type NotificationTable = {
  id: Generated<number>;
  user_id: number;
  actor_id: Generated<number>;
  kind: string;
  work_id: Generated<number>;
  comment_id: Generated<number>;
  /** What the event carries beyond its ids: a level reached, a reason given. */
  detail: Generated<string>;
  dedupe: string;
  read_at: Generated<number>;
  created_at: number;
};

export type PrivateMessageTable = {
  id: Generated<number>;
  pair_low: number;
  pair_high: number;
  sender_id: number;
  recipient_id: number;
  content: string;
  read_at: Generated<number>;
  created_at: number;
};

/** One side of a conversation: its last message and how many the side has not read. */
export type ConversationTable = {
  user_id: number;
  peer_id: number;
  last_message_id: number;
  last_sender_id: number;
  last_content: string;
  last_at: number;
  unread_count: Generated<number>;
};

export type BlockTable = { user_id: number; target_id: number; created_at: number };

/** One score change; (user, reason, ref) is unique, so an event pays once. `balance` is the score after it. */
export type ScoreLedgerTable = {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance: number;
  reason: string;
  ref: string;
  created_at: number;
};

export type CheckinTable = { user_id: number; day: number; streak: number; reward: number; created_at: number };

export type ReportTable = {
  id: Generated<number>;
  /** Null for a visitor's report of a broken page. */
  reporter_id: number | null;
  target: string;
  target_id: Generated<number>;
  url: Generated<string>;
  reason: string;
  detail: Generated<string>;
  /** A copyright claim's original: a work of this site or another address. */
  original_url: Generated<string>;
  status: Generated<number>;
  outcome: Generated<string>;
  handled_by: number | null;
  handled_at: Generated<number>;
  created_at: number;
};

export type SensitiveWordTable = {
  id: Generated<number>;
  word: string;
  /** The word as the matcher reads it (contract/admin/words.ts normalizeWord): unique. */
  word_key: string;
  action: string;
  created_at: number;
};

export type InviteTable = {
  code: string;
  created_by: number;
  used_by: number | null;
  created_at: number;
  used_at: Generated<number>;
};

/** Every sign-in, kept when its session ends: the admin's view of a person reads it. */
export type SigninTable = {
  id: Generated<number>;
  user_id: number;
  ip: Generated<string>;
  client: Generated<string>;
  way: Generated<string>;
  created_at: number;
};

export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_kind: string;
  target_id: Generated<number>;
  before: Generated<string>;
  after: Generated<string>;
  reason: Generated<string>;
  created_at: number;
};
