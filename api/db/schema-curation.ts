import type { Generated } from "kysely";

/** Curation (issue 59, migration 0032_curation): tags followed and 活动 with their entries and votes. */

export type TagFollowTable = { user_id: number; tag_id: number; created_at: number };

/** An event (活动): works with its tag, or entered by button, between its start and end; winners once announced. */
export type EventTable = {
  id: Generated<number>;
  title: string;
  rules: Generated<string>;
  tag_id: number;
  cover: Generated<string>;
  starts_at: number;
  ends_at: number;
  entry_count: Generated<number>;
  /** When the winners were announced, or 0. */
  announced_at: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
};

/** A work entered in an event; `votes` every member's, `counted_votes` those with standing; `place` 1–3 a winner. */
export type EventEntryTable = {
  event_id: number;
  work_id: number;
  user_id: number;
  votes: Generated<number>;
  counted_votes: Generated<number>;
  place: Generated<number>;
  created_at: number;
};

/** A member's one vote in an event; `counted` 1 when they had standing as they voted. */
export type EventVoteTable = {
  event_id: number;
  user_id: number;
  work_id: number;
  counted: number;
  created_at: number;
};
