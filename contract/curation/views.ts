import type { TagRef } from "../site/views.ts";
import type { WorkCardView } from "../works/views.ts";

/** A work of 编辑精选: its card, why it was picked, and when. */
export type PickView = { work: WorkCardView; reason: string; pickedAt: number };

/** Where an event stands by the clock: not begun, taking entries and votes, ended, winners told. */
export type EventState = "upcoming" | "open" | "ended" | "announced";

export type EventSummary = {
  eventId: number;
  title: string;
  tag: TagRef;
  cover: string;
  startsAt: number;
  endsAt: number;
  entryCount: number;
  state: EventState;
};

/** A work in an event: its card, its votes (all, and those that count: members with standing), its place. */
export type EventEntryView = { work: WorkCardView; votes: number; countedVotes: number; place: number };

export type EventView = EventSummary & {
  rules: string;
  /** Entries by counted votes while open; by place, then votes, once announced. */
  entries: EventEntryView[];
  winners: EventEntryView[];
  /** The viewer's vote (a work's id) and their own entries; null and [] for a visitor. */
  myVote: number | null;
  myEntries: number[];
};

/** A member's followed tags, as their personal centre lists them. */
export type FollowedTagView = TagRef & { workCount: number; followedAt: number };

/** A tag as its listing heads it for the viewer. */
export type TagFollowState = { followed: boolean; followerCount: number };
