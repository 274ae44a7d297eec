import { describe, expect, it } from "vitest";
import { inFlight } from "./in-flight.ts";

const later = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("work in flight", () => {
  it("is idle at once when nothing is under way", async () => {
    expect(await inFlight().idle(1000)).toBe(true);
  });

  it("waits for the last piece, and counts each end once", async () => {
    const work = inFlight();
    const first = work.begin();
    const second = work.track(later(50).then(() => "done"));
    let idle = false;
    const waited = work.idle(1000).then((v) => (idle = v));
    first();
    first();
    expect(work.count).toBe(1);
    await later(10);
    expect(idle).toBe(false);
    expect(await second).toBe("done");
    expect(await waited).toBe(true);
    expect(work.count).toBe(0);
  });

  it("waits for work that starts soon after other work ends, as a page's second call after its first", async () => {
    const work = inFlight();
    const order: string[] = [];
    const page = async () => {
      await work.track(later(20));
      order.push("first call");
      // Reading the first answer takes the page a moment before it asks again.
      await later(5);
      await work.track(later(20));
      order.push("second call");
    };
    void page();
    await work.idle(1000);
    order.push("idle");
    expect(order).toEqual(["first call", "second call", "idle"]);
  });

  it("gives up after its limit, saying so", async () => {
    const work = inFlight();
    work.begin();
    expect(await work.idle(30)).toBe(false);
  });
});
