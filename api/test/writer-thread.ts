/**
 * One writer of api/db/writers.test.ts, in a thread of its own so that two connections really contend: each turn
 * reads a counter, yields, and writes it back one higher, the read-modify-write a deferred transaction loses.
 */
import { parentPort, workerData } from "node:worker_threads";
import { sql } from "kysely";
import { openDatabase } from "../db/index.ts";

const { url, turns, gate } = workerData as { url: string; turns: number; gate: Int32Array };
// Every thread starts at once: each counts itself in, then waits for the last.
Atomics.add(gate, 0, 1);
while (Atomics.load(gate, 0) < gate[1]!) Atomics.wait(gate, 0, Atomics.load(gate, 0), 5);
const database = await openDatabase(url);
const errors: string[] = [];
for (let i = 0; i < turns; i++) {
  try {
    await database.db.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`select n from tally where id = 1`.execute(trx);
      await new Promise((resolve) => setImmediate(resolve));
      await sql`update tally set n = ${row.rows[0]!.n + 1} where id = 1`.execute(trx);
    });
  } catch (err) {
    errors.push(String((err as { code?: string }).code ?? err));
  }
}
await database.close();
parentPort!.postMessage(errors);
