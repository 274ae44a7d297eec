import type { Generated } from "kysely";

/** A browser that takes a member's pushes (migration 0034). */
export type PushDeviceTable = {
  id: Generated<number>;
  user_id: number;
  /** The push service's address for this browser: only ever posted to, never shown. */
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser and system it was added from ("Chrome · Windows"). */
  label: Generated<string>;
  created_at: number;
  last_sent_at: Generated<number>;
};

/** The kinds of news a member takes by push, comma-separated (contract/push/kinds.ts). */
export type PushChoiceTable = { user_id: number; kinds: Generated<string> };
