import type { CompiledQuery, Compilable, InferResult, Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** What a prepared query's builder is given for each of its values: something that only stands in for one. */
class StandIn {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  // A builder that computes with a value (`limit + 1`) would bake the stand-in into the SQL: refuse at once.
  [Symbol.toPrimitive](): never {
    throw new Error(`a prepared query's builder used the value of "${this.name}"; pass it to Kysely as it is`);
  }
}

type Slot = { name: string } | { value: unknown };
type Prepared = { query: CompiledQuery; slots: Slot[] };

/**
 * A query whose SQL is built and compiled once per database and then only given new values: Kysely builds a
 * query's tree and writes its SQL on every call, often taking longer than SQLite takes to answer it. The builder is called once, with stand-ins for the values; it must pass them to Kysely as values
 * (a comparison, a limit) and never decide anything by them, so every call has the same SQL. A query whose shape
 * depends on its input (optional filters, a cursor, lists of any length) names its shape (`shape`): it is built once
 * for each, and its builder may decide by the call's own values (its third argument) only what the shape names.
 */
export function prepared<P extends Record<string, unknown>, Q extends Compilable<unknown>>(
  build: (db: Kysely<DB>, values: P, call: P) => Q,
  shape?: (values: P) => string,
) {
  const byDb = new WeakMap<Kysely<DB>, Map<string, Prepared>>();
  return async (db: Kysely<DB>, values: P): Promise<InferResult<Q>> => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    const key = shape ? shape(values) : "";
    let entry = shapes.get(key);
    if (!entry) {
      const standIns = Object.fromEntries(Object.keys(values).map((name) => [name, new StandIn(name)])) as P;
      const query = build(db, standIns, values).compile();
      const slots = query.parameters.map((v): Slot => (v instanceof StandIn ? { name: v.name } : { value: v }));
      shapes.set(key, (entry = { query, slots }));
    }
    const parameters = entry.slots.map((s) => ("name" in s ? values[s.name] : s.value));
    const result = await db.executeQuery({ ...entry.query, parameters });
    return result.rows as InferResult<Q>;
  };
}

/**
 * The values of a query about one person and a list of ids (`who`, then `i0`, `i1`, …): the list's length is its
 * shape (`idCountShape`), and `idsOf` gives the builder the list back, stand-ins and all.
 */
export function personAndIds(who: number, ids: readonly number[]): Record<string, number> {
  const values: Record<string, number> = { who };
  ids.forEach((id, i) => (values[`i${i}`] = id));
  return values;
}
export const idsOf = (values: Record<string, number>) =>
  Object.keys(values)
    .filter((k) => k !== "who")
    .map((k) => values[k]);
export const idCountShape = (values: Record<string, number>) => String(Object.keys(values).length);
