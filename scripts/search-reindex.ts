/**
 * Makes the search index again from the works (`npm run search:reindex`), on the database named by DATABASE_URL /
 * DATA_DIR. The site may stay up: every work stays findable while its row is replaced.
 */
import { openDatabase } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { readEnv } from "../api/config/env.ts";
import { rebuildSearchIndex } from "../api/services/search-index.ts";

const env = readEnv();
const database = await openDatabase(env.databaseUrl);
await migrateToLatest(database);
const started = performance.now();
const done = await rebuildSearchIndex(database.db, database.dialect, (n) => {
  if (n % 50_000 === 0) process.stdout.write(`已索引 ${n} 件作品…\n`);
});
process.stdout.write(`搜索索引已重建：${done} 件作品，用时 ${Math.round(performance.now() - started)} ms\n`);
await database.close();
