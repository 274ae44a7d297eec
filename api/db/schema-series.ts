import type { Generated } from "kysely";

/** A member's series of works (migration 0018_series). */
export type SeriesTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: Generated<string>;
  work_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** A work's place in a series: positions rise in the author's order (gaps allowed). */
export type SeriesWorkTable = { series_id: number; work_id: number; position: number };
