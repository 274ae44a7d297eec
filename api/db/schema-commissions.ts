import type { Generated } from "kysely";

/** 约稿 and 打赏 (issue 59, migration 0033_commissions). */

/** A commission: what the client asks of the creator, and where it stands (contract/commissions/states.ts). */
export type CommissionTable = {
  id: Generated<number>;
  client_id: number;
  creator_id: number;
  title: string;
  brief: string;
  budget: Generated<string>;
  /** The day it is wanted by (the moment that China-time day begins), or 0. */
  deadline: Generated<number>;
  /** JSON: the reference addresses the client gave. */
  refs: Generated<string>;
  state: string;
  created_at: number;
  updated_at: number;
};

/** A line of a commission's one private thread, or a step taken (written by the site, `user_id` 0). */
export type CommissionMessageTable = {
  id: Generated<number>;
  commission_id: number;
  user_id: number;
  content: string;
  created_at: number;
};

/** A delivered picture: an upload of the creator's, private to the two. */
export type CommissionFileTable = { commission_id: number; upload_id: number; position: number; created_at: number };

/** Points a member gave a work's author. */
export type TipTable = {
  id: Generated<number>;
  work_id: number;
  from_id: number;
  to_id: number;
  amount: number;
  created_at: number;
};
