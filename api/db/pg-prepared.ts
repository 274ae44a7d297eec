import type pg from "pg";
import { timePostgres } from "./observed.ts";

/**
 * PostgreSQL parses and plans an unnamed statement every time it runs, and node-postgres sends Kysely's queries
 * unnamed: on the bench's data a work's query spent several times longer being parsed and planned than running, and
 * a page runs dozens. A statement with a name is parsed once per connection, and after five runs PostgreSQL keeps a
 * generic plan when it costs no more than the custom ones (plan_cache_mode = auto).
 *
 * The first PREPARED_TEXTS distinct texts a process sends get names; past them (lists `in ($1, …, $n)` of every
 * length, say) statements go unnamed, so what each connection keeps stays bounded.
 */
export const PREPARED_TEXTS = 1_000;

/** PostgreSQL's "cached plan must not change result type": a table a kept statement reads was altered. */
const PLAN_CHANGED = "0A000";

export function preparingClient(PgClient: typeof pg.Client, limit = PREPARED_TEXTS): typeof pg.Client {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name === undefined) {
      name = names.size < limit ? `y${names.size + 1}` : null;
      if (name) names.set(text, name);
    }
    return name;
  };
  return class PreparingClient extends PgClient {
    // node-postgres overloads query(); Kysely calls the (text, values) form, which alone is given a name here.
    query(config: unknown, values?: unknown, callback?: unknown): never {
      const name =
        typeof config === "string" && Array.isArray(values) && callback === undefined ? nameOf(config) : null;
      if (!name) {
        const unnamed = (super.query as (...a: unknown[]) => never)(config, values, callback);
        return typeof config === "string" && callback === undefined
          ? (timePostgres(config, unnamed) as never)
          : unnamed;
      }
      const result = timePostgres(
        config as string,
        (super.query as (...a: unknown[]) => Promise<unknown>)({ name, text: config, values }),
      );
      // After a schema change under a running process the kept statement fails once; the text then goes unnamed.
      return result.catch((err: { code?: string }) => {
        if (err?.code === PLAN_CHANGED) names.set(config as string, null);
        throw err;
      }) as never;
    }
  } as unknown as typeof pg.Client;
}
