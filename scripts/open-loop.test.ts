import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openLoop, percentile, untilIdle } from "./open-loop.ts";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server that notes when each request arrived and answers through `answer`. */
async function listen(answer: (req: http.IncomingMessage, res: http.ServerResponse, nth: number) => void) {
  const arrivals: number[] = [];
  server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    answer(req, res, arrivals.length);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, arrivals };
}

describe("open-loop load", () => {
  it("sends the requests evenly over the time, not as a burst at the start of each second", async () => {
    const { base, arrivals } = await listen((_req, res) => setTimeout(() => res.end("ok"), 2));
    const result = await openLoop({ base, rate: 200, seconds: 1, path: () => "/" });
    expect(result).toMatchObject({ sent: 200, ok: 200, bad: 0 });
    // Twenty are due in any tenth of a second; a per-second budget spent at once would put all 200 in the first.
    let busiest = 0;
    for (let i = 0, j = 0; i < arrivals.length; i++) {
      while (arrivals[i] - arrivals[j] > 100) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThan(60);
    expect(arrivals.at(-1)! - arrivals[0]).toBeGreaterThan(800);
  });

  it("counts each latency from when its request was due, so a stall shows in the p99", async () => {
    // The 40th request holds the process (server and generator alike) for 300 ms: the 60 or so requests due in
    // that time leave late, and their wait is part of what a reader would have felt.
    const { base } = await listen((_req, res, nth) => {
      if (nth === 40) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      res.end("ok");
    });
    const result = await openLoop({ base, rate: 200, seconds: 1, path: () => "/" });
    expect(result.sent).toBe(200);
    expect(result.p99).toBeGreaterThan(200);
    expect(result.p50).toBeLessThan(result.p99);
  });

  it("leaves the warm-up's requests out of the figures", async () => {
    // The same stall, inside the first half second: measured after it, the rate is steady again.
    const { base, arrivals } = await listen((_req, res, nth) => {
      if (nth === 40) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      res.end("ok");
    });
    const result = await openLoop({ base, rate: 200, seconds: 0.5, warmup: 0.7, path: () => "/" });
    expect(result.sent).toBe(100);
    expect(arrivals.length).toBe(240);
    expect(result.p99).toBeLessThan(150);
  });

  it("counts answers other than 2xx as bad, and asks each request's path anew", async () => {
    const { base } = await listen((req, res) => {
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.end();
    });
    let n = 0;
    const result = await openLoop({ base, rate: 100, seconds: 0.2, path: () => (n++ % 2 ? "/missing" : "/") });
    expect(result).toMatchObject({ sent: 20, ok: 10, bad: 10 });
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe("untilIdle", () => {
  it("waits while a process is busy and returns once it has rested", async () => {
    // Busy for a second and a half, then idle: it says when it stops.
    const child = spawn(process.execPath, [
      "-e",
      "const end = Date.now() + 1500; while (Date.now() < end); console.log('rested'); setTimeout(() => {}, 5000);",
    ]);
    let rested = false;
    child.stdout.on("data", () => (rested = true));
    try {
      await new Promise((r) => setTimeout(r, 200));
      await untilIdle([child.pid!]);
      expect(rested).toBe(true);
    } finally {
      child.kill();
    }
  });
});
