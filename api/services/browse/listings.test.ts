import { describe, expect, it } from "vitest";
import type { WorkRow } from "../../db/queries/works.ts";
import { listingCache } from "./listings.ts";

const row = (id: number) => ({ id }) as WorkRow;

/** A load that answers when told, counting how often it was asked. */
function deferredLoad(rows: WorkRow[]) {
  let release = () => {};
  let calls = 0;
  const load = () => {
    calls++;
    return new Promise<WorkRow[]>((resolve) => (release = () => resolve(rows)));
  };
  return { load, release: () => release(), calls: () => calls };
}

describe("listingCache", () => {
  it("asks once for a key however many wait, and keeps the answer for its time", async () => {
    let now = 0;
    const cache = listingCache({ ttlMs: 1000, now: () => now });
    const d = deferredLoad([row(1)]);
    const both = Promise.all([cache.rows("k", d.load), cache.rows("k", d.load)]);
    d.release();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(d.calls()).toBe(1);
    now = 999;
    expect(await cache.rows("k", d.load)).toBe(a);
    now = 1000;
    const fresh = cache.rows("k", d.load);
    d.release();
    expect(await fresh).not.toBe(a);
    expect(d.calls()).toBe(2);
  });

  it("hands out frozen rows, so no reader can change them for the next", async () => {
    const cache = listingCache({ ttlMs: 1000 });
    const rows = await cache.rows("k", async () => [row(1)]);
    expect(() => {
      (rows[0] as { id: number }).id = 2;
    }).toThrow(TypeError);
    expect(() => rows.push(row(3))).toThrow(TypeError);
  });

  it("forgets everything on a write, and tells the other processes; their news only forgets", async () => {
    let told = 0;
    const cache = listingCache({ ttlMs: 60_000, announce: () => told++ });
    let n = 0;
    const load = async () => [row(++n)];
    expect((await cache.rows("k", load))[0].id).toBe(1);
    cache.changed();
    expect(told).toBe(1);
    expect((await cache.rows("k", load))[0].id).toBe(2);
    cache.forget();
    expect(told).toBe(1);
    expect((await cache.rows("k", load))[0].id).toBe(3);
  });

  it("does not keep a list whose reading a write overtook", async () => {
    const cache = listingCache({ ttlMs: 60_000 });
    const d = deferredLoad([row(1)]);
    const first = cache.rows("k", d.load);
    cache.changed();
    d.release();
    expect((await first)[0].id).toBe(1);
    const again = cache.rows("k", d.load);
    d.release();
    await again;
    expect(d.calls()).toBe(2);
  });

  it("drops a failed load, keeps at most `max` lists, and with no time reads every time", async () => {
    const cache = listingCache({ ttlMs: 60_000, max: 2 });
    await expect(cache.rows("bad", () => Promise.reject(new Error("db")))).rejects.toThrow("db");
    expect((await cache.rows("bad", async () => [row(7)]))[0].id).toBe(7);
    let loads = 0;
    const load = async () => [row(++loads)];
    await cache.rows("a", load);
    await cache.rows("b", load);
    await cache.rows("c", load);
    // "bad" and "a" were the oldest of four: "a" is read again, "c" is kept.
    await cache.rows("a", load);
    await cache.rows("c", load);
    expect(loads).toBe(4);

    const off = listingCache({ ttlMs: 0 });
    let reads = 0;
    await off.rows("k", async () => [row(++reads)]);
    await off.rows("k", async () => [row(++reads)]);
    expect(reads).toBe(2);
  });
});
