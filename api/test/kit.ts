/**
 * What the instruments (scripts/bench-*, scripts/search-relevance.ts) build the API from: like the tests, they reach
 * inside it to measure one piece at a time. The process and the owner's scripts use the front door (api/index.ts).
 */
export { createApi, createDeps } from "../app.ts";
export { openDatabase, type Database } from "../db/index.ts";
export { migrateToLatest } from "../db/migrate.ts";
export { putConfigRow } from "../db/queries/config.ts";
export { seedIfEmpty } from "../seed/index.ts";
export { seedPeople } from "../seed/people.ts";
export { searchArt, type SearchInput } from "../services/search/search.ts";
export { catchUpSearch } from "../services/search/search-index.ts";
export { answer, beginAsking } from "../services/ai/ai.ts";
export type { AiProvider } from "../lib/ai-provider.ts";
export { WordMatcher, type Word } from "../lib/sensitive.ts";
export { figures, kinds, runSet, type QueryOutcome } from "../search-set/run.ts";
