import { describe, expect, it } from "vitest";
import { byteSlots } from "./byte-slots.ts";

/** Work that runs until `finish` is called, noting when it started. */
function held(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((r) => (finish = r));
  return { work: () => (started.push(name), done), finish: () => finish() };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("a budget of bytes at work", () => {
  it("runs work side by side while it fits, and the rest in the order it came", async () => {
    const slots = byteSlots(10);
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((n) => held(started, n));
    const runs = [slots.run(4, a.work), slots.run(4, b.work), slots.run(4, c.work), slots.run(1, d.work)];
    await turn();
    // d would fit beside a and b, but c came first: nobody overtakes.
    expect(started).toEqual(["a", "b"]);
    expect(slots.busy).toEqual({ bytes: 8, waiting: 2 });
    a.finish();
    await turn();
    expect(started).toEqual(["a", "b", "c", "d"]);
    b.finish();
    c.finish();
    d.finish();
    await Promise.all(runs);
    expect(slots.busy).toEqual({ bytes: 0, waiting: 0 });
  });

  it("runs work larger than the whole budget alone", async () => {
    const slots = byteSlots(10);
    const started: string[] = [];
    const small = held(started, "small");
    const big = held(started, "big");
    const runs = [slots.run(2, small.work), slots.run(50, big.work)];
    await turn();
    expect(started).toEqual(["small"]);
    small.finish();
    await turn();
    expect(started).toEqual(["small", "big"]);
    big.finish();
    await Promise.all(runs);
  });

  it("gives the bytes back when the work fails, and counts unknown sizes as the whole budget", async () => {
    const slots = byteSlots(10);
    await expect(slots.run(6, () => Promise.reject(new Error("坏文件")))).rejects.toThrow("坏文件");
    expect(slots.busy.bytes).toBe(0);
    const started: string[] = [];
    const unknown = held(started, "unknown");
    const other = held(started, "other");
    const runs = [slots.run(Number.NaN, unknown.work), slots.run(1, other.work)];
    await turn();
    expect(started).toEqual(["unknown"]);
    unknown.finish();
    other.finish();
    await Promise.all(runs);
    expect(started).toEqual(["unknown", "other"]);
  });
});
