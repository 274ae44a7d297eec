/** The two ways a list comes: a page with a cursor (加载更多), or a numbered page. */

export type Page<T> = { results: T[]; cursor: string; hasMore: boolean };

/** A page of a numbered listing (`/projects/:page`, `/tags/:page`). */
export type Numbered<T> = { results: T[]; page: number; totalPages: number; total: number };
