import type { Generated } from "kysely";

/** A member's draft of a work (migration 0017_drafts). */
export type DraftTable = {
  id: Generated<number>;
  user_id: number;
  /** The work it edits; 0 for one not yet published. */
  work_id: Generated<number>;
  type: number;
  /** What the list shows: its title, or the start of its text. */
  label: string;
  /** JSON: the publish form's fields (contract/drafts/schemas.ts). */
  body: string;
  created_at: number;
  updated_at: number;
};
