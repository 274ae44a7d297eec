import type { WorkTypeValue } from "../shared/kinds.ts";
import type { DraftField } from "./schemas.ts";

/** A draft as its owner's list shows it (contract/drafts/endpoints.ts). */
export type DraftSummary = {
  draftId: number;
  /** The work it edits; null for a work not yet published. */
  workId: number | null;
  type: WorkTypeValue;
  /** Its title, or the start of its text, or 无标题草稿. */
  label: string;
  savedAt: number;
};

/** A draft with the publish form's fields as they were saved (images: the form's JSON list). */
export type DraftView = DraftSummary & { values: Record<DraftField, string> };

export type DraftSaved = { draftId: number; savedAt: number };

/** A work waiting for its 定时发布 minute, as its author's drafts tab lists it. */
export type ScheduledWork = { artId: number; label: string; publishAt: number };
