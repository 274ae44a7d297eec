import type pg from "pg";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { engine } from "../test/engine.ts";
import { freshDatabase } from "../test/harness.ts";
import { preparingClient } from "./pg-prepared.ts";

/** A stand-in for node-postgres's Client that records what each query() was given. */
function recordingClient(fail?: (config: unknown) => { code: string } | null) {
  const calls: unknown[][] = [];
  class Recorder {
    query(...args: unknown[]) {
      calls.push(args);
      const err = fail?.(args[0]) ?? null;
      return err ? Promise.reject(err) : Promise.resolve({ rows: [] });
    }
  }
  return { calls, Client: Recorder as unknown as typeof pg.Client };
}

describe("statements sent to PostgreSQL", () => {
  it("are named, one name a text, so each connection parses and plans them once", async () => {
    const { calls, Client } = recordingClient();
    const client = new (preparingClient(Client))();
    await client.query("select 1 where $1 = $1", [1]);
    await client.query("select 2 where $1 = $1", [2]);
    await client.query("select 1 where $1 = $1", [3]);
    expect(calls.map(([config]) => (config as { name: string }).name)).toEqual(["y1", "y2", "y1"]);
    expect(calls[2][0]).toEqual({ name: "y1", text: "select 1 where $1 = $1", values: [3] });
  });

  it("go unnamed past the limit of texts, and in node-postgres's other forms", async () => {
    const { calls, Client } = recordingClient();
    const client = new (preparingClient(Client, 2))();
    for (const text of ["select $1::int", "select $1::text", "select $1::bigint", "select $1::int"])
      await client.query(text, [1]);
    const callback = () => {};
    client.query("select $1::int", [1], callback as never);
    client.query({ text: "select 3" } as never);
    expect(calls.map(([config]) => (config as { name?: string }).name ?? config)).toEqual([
      "y1",
      "y2",
      "select $1::bigint",
      "y1",
      "select $1::int",
      { text: "select 3" },
    ]);
    expect(calls[4][2]).toBe(callback);
  });

  it("stop using a name once its plan no longer fits the table (a schema change under a running process)", async () => {
    let altered = true;
    const { calls, Client } = recordingClient((config) =>
      altered && typeof config === "object" ? { code: "0A000" } : null,
    );
    const client = new (preparingClient(Client))();
    await expect(client.query("select * from works where id = $1", [1])).rejects.toEqual({ code: "0A000" });
    altered = false;
    await client.query("select * from works where id = $1", [1]);
    expect(calls[1][0]).toBe("select * from works where id = $1");
  });
});

describe.runIf(engine === "postgres")("on PostgreSQL", () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(() => drop?.());

  it("a query run twice on a connection is parsed there once, and still answers after its table changes", async () => {
    const database = await freshDatabase({ migrate: false });
    drop = database.drop;
    await database.db.connection().execute(async (db) => {
      await sql`create table pieces (id int primary key, title text)`.execute(db);
      await sql`insert into pieces values (1, '春'), (2, '夏')`.execute(db);
      const title = (id: number) =>
        db
          .selectFrom("pieces" as never)
          .selectAll()
          .where("id" as never, "=", id as never);
      expect(await title(1).execute()).toEqual([{ id: 1, title: "春" }]);
      expect(await title(2).execute()).toEqual([{ id: 2, title: "夏" }]);
      const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
      expect(kept.rows.map((r) => r.statement)).toContain(title(1).compile().sql);

      await sql`alter table pieces add column year int`.execute(db);
      // The kept plan no longer fits: one failure, then the text is sent unnamed and planned afresh.
      await expect(title(1).execute()).rejects.toMatchObject({ code: "0A000" });
      expect(await title(2).execute()).toEqual([{ id: 2, title: "夏", year: null }]);
    });
  });
});
