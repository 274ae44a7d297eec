import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { emptyDatabaseUrl, engine } from "../test/harness.ts";
import { sql } from "kysely";
import { openDatabase } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";
import { demo } from "../seed/content.ts";

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);
// A process of its own that opens the database, migrates it, and prints the steps it ran.
const starter = `
  import { openDatabase } from ${JSON.stringify(path.join(here, "index.ts"))};
  import { migrateToLatest } from ${JSON.stringify(path.join(here, "migrate.ts"))};
  const database = await openDatabase(process.env.URL);
  // All start at the same moment, however long each took to load.
  await new Promise((r) => setTimeout(r, Number(process.env.AT) - Date.now()));
  const ran = await migrateToLatest(database);
  await database.close();
  process.stdout.write(JSON.stringify(ran));
`;

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe(`migrations on ${engine}`, () => {
  it("run once when several processes start together: one migrates, the others wait and find nothing to do", async () => {
    const { url, drop } = await emptyDatabaseUrl();
    drops.push(drop);
    const at = String(Date.now() + 2000);
    const ran = await Promise.all(
      [1, 2, 3].map(async () => {
        const { stdout } = await run(process.execPath, ["--input-type=module", "-e", starter], {
          env: { ...process.env, URL: url, AT: at },
        });
        return JSON.parse(stdout) as string[];
      }),
    );
    const all = ran.flat();
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all).size).toBe(all.length);
    expect(ran.filter((names) => names.length > 0)).toHaveLength(1);
    const database = await openDatabase(url);
    try {
      const rows = await database.db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(rows).toHaveLength(all.length);
      expect(await database.db.selectFrom("users").select("id").execute()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it.runIf(engine === "sqlite")("take over the lease of a process that died while it migrated", async () => {
    const { url, drop } = await emptyDatabaseUrl();
    drops.push(drop);
    // A process that has exited: its id names no one now.
    const { stdout } = await run(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const database = await openDatabase(url);
    try {
      await sql`create table yishe_migration_lease (id integer primary key, pid integer not null, at bigint not null)`.execute(
        database.db,
      );
      await sql`insert into yishe_migration_lease values (1, ${Number(stdout)}, ${Date.now()})`.execute(database.db);
      expect((await migrateToLatest(database)).length).toBeGreaterThan(10);
      const { rows } = await sql`select * from yishe_migration_lease`.execute(database.db);
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

// A process of its own that seeds the migrated database as a server does at start. Its reads take a fifth of a
// second, as on a loaded machine, so that all of them look before any writes.
const seeder = `
  import { openDatabase } from ${JSON.stringify(path.join(here, "index.ts"))};
  import { createDeps } from ${JSON.stringify(path.join(here, "..", "app.ts"))};
  import { seedAlone } from ${JSON.stringify(path.join(here, "..", "seed", "index.ts"))};
  const database = await openDatabase(process.env.URL);
  const slowReads = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      if (args.result.rows.length === 0) await new Promise((r) => setTimeout(r, 200));
      return args.result;
    },
  };
  const db = database.db.withPlugin(slowReads);
  const deps = createDeps({ db, dialect: database.dialect, uploadsDir: process.env.UPLOADS });
  await new Promise((r) => setTimeout(r, Number(process.env.AT) - Date.now()));
  const seeded = await seedAlone(database, deps, {
    demo: false, ownerUsername: "owner", ownerPassword: "owner-pass-123", announce: () => {},
  });
  await database.close();
  process.stdout.write(JSON.stringify(seeded));
`;

describe(`the first seed on ${engine}`, () => {
  it("runs once when several servers start together on one empty database", async () => {
    const { url, drop } = await emptyDatabaseUrl();
    drops.push(drop);
    const database = await openDatabase(url);
    await migrateToLatest(database);
    const uploads = mkdtempSync(path.join(os.tmpdir(), "yishe-seed-"));
    drops.push(async () => rmSync(uploads, { recursive: true, force: true }));
    const at = String(Date.now() + 2000);
    const seeded = await Promise.all(
      [1, 2, 3].map(async () => {
        const { stdout } = await run(process.execPath, ["--input-type=module", "-e", seeder], {
          env: { ...process.env, URL: url, AT: at, UPLOADS: uploads },
        });
        return JSON.parse(stdout) as boolean;
      }),
    );
    try {
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const users = await database.db.selectFrom("users").select("username").execute();
      expect(users).toEqual([{ username: "owner" }]);
      const nodes = await database.db.selectFrom("nodes").select("name").execute();
      expect(nodes.map((n) => n.name).sort()).toEqual(demo.nodes.map((n) => n.name).sort());
    } finally {
      await database.close();
    }
  }, 60_000);
});
