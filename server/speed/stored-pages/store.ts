/**
 * Where visitors' rendered pages are kept between changes (issue 58): on disk under DATA_DIR (`disk-store.ts`, one
 * SQLite file every process of this machine shares) or in Redis (`redis-store.ts`, every process of every server).
 *
 * A page is stored with the topics it was drawn from (`topics.ts`: a work, a member, the lists, the site). A write
 * drops its topics: every page stored under one of them is deleted, in every process at once, since they all read
 * the same store. A render that began before a drop of one of its topics is not stored (its data may predate the
 * write): `mark` is taken before the render and `put` refuses when a drop of one of its topics came after it.
 */
export type StoredPage = {
  status: number;
  headers: [string, string][];
  /** The HTML as rendered, with the script nonce of the render that made it (`nonceAt` says where it stands). */
  body: Buffer;
  nonceAt: number[];
  /** A quoted strong validator of the body with its nonce blanked: the same for every visitor. */
  etag: string;
  storedAt: number;
  /** Not served after this (epoch ms): a relative time on it would read wrong, or a listing's order has aged. */
  expiresAt: number;
  /** A work page: the work whose view a person's visit counts. */
  view: number | null;
};

/** Every page depends on the site (settings, navigation, the nodes): dropping it drops everything. */
export const EVERYTHING = "site";

export type Mark = { seq: number; lastDropAt: number };

export interface PageStore {
  readonly kind: "disk" | "redis";
  /** Where the drops stand now (their count, and when the last was): taken before a render, handed to `put` after. */
  mark(): Promise<Mark>;
  /** The page stored under `key`, unless it expired. */
  get(key: string): Promise<StoredPage | null>;
  /** Stores the page unless a drop of one of its topics (or of everything) came after `mark`; says whether it did. */
  put(key: string, page: StoredPage, topics: string[], mark: Mark): Promise<boolean>;
  /** Deletes every page stored under any of `topics` (EVERYTHING: all), and refuses the renders that began before. */
  drop(topics: string[]): Promise<void>;
  /** Pages and bytes stored (the metrics, the bench). */
  size(): Promise<{ pages: number; bytes: number }>;
  close(): Promise<void>;
}

/** What a stored page carries beside its body, as both stores write it. */
export const metaOf = ({ body: _body, ...meta }: StoredPage) => JSON.stringify(meta);
export const pageOf = (meta: string, body: Buffer): StoredPage => ({ ...(JSON.parse(meta) as StoredPage), body });
