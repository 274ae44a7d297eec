import type { PersonView, UserRef } from "../people/views.ts";
import type { TagRef } from "../site/views.ts";
import type { WorkCardView } from "../works/views.ts";

/** What a search answers: cards with their matches marked, people, suggestions as one types. */

/** Text cut into runs; `hit` marks the runs that matched the keyword, for the page to wrap in <mark>. */
export type Marked = { text: string; hit: boolean }[];

/** A work found by a search: its card, its title with the matches marked, and the passage of its text that matched. */
export type SearchHitView = WorkCardView & {
  commentCount: number;
  titleMarks: Marked;
  snippet: Marked;
  /** Its tags, `hit` on those that matched. */
  tags: (TagRef & { hit: boolean })[];
  /**
   * Less relevant than every real match: it holds only parts of a compound of the keyword, or its characters side by
   * side. Shown after the real matches, under a label, and only when they do not fill a page.
   */
  nearMiss?: boolean;
};

export type SearchResult = {
  keyword: string;
  results: SearchHitView[];
  /** How many works matched in all (pages stop at searchPaging.maxPages), counted up to searchPaging.countedUpTo. */
  total: number;
  /** More than `total` matched: counting stopped at searchPaging.countedUpTo. */
  totalCapped: boolean;
  page: number;
  totalPages: number;
  hasMore: boolean;
};

/** A person found by nickname or username. */
export type PersonHitView = PersonView & { nicknameMarks: Marked };

export type PeopleSearchResult = { keyword: string; results: PersonHitView[]; page: number; hasMore: boolean };

/** What the search box offers as one types: nodes, tags and people whose names hold the text. */
export type SearchSuggestions = { nodes: { nodeId: number; name: string }[]; tags: TagRef[]; people: UserRef[] };
