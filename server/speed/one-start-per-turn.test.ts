import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import type { Site } from "../site.ts";
import { listen } from "../listen.ts";
import { oneStartPerTurn } from "./one-start-per-turn.ts";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("oneStartPerTurn", () => {
  it("starts what waits one per turn of the event loop, in the order it came", async () => {
    const started: number[] = [];
    const start = oneStartPerTurn((n: number) => started.push(n));
    for (const n of [1, 2, 3]) start(n);
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([1]);
    await turn();
    expect(started).toEqual([1, 2]);
    start(4);
    await turn();
    await turn();
    expect(started).toEqual([1, 2, 3, 4]);
    await turn();
    start(5);
    await turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("goes on after a start that throws", async () => {
    const started: number[] = [];
    const start = oneStartPerTurn((n: number) => {
      started.push(n);
      if (n === 1) throw new Error("boom");
    });
    const errors: unknown[] = [];
    const onError = (err: unknown) => errors.push(err);
    process.prependListener("uncaughtException", onError);
    try {
      start(1);
      start(2);
      await turn();
      await turn();
      await turn();
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(started).toEqual([1, 2]);
  });
});

// A page's work runs in microtasks (in-process API calls, the render's promises): here, 24 steps of 0.15 ms.
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const busySite: Site = {
  fetch: async () => {
    for (let i = 0; i < 24; i++) {
      await null;
      spin(0.15);
    }
    return new Response("ok");
  },
  drain: () => {},
  close: async () => {},
  database: null,
};

function get(port: number, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", resolve);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the server under load", () => {
  it("answers connections opened while it is busy within a few rounds of the open ones", async () => {
    const { server, listening, stop } = listen(busySite, 0, { graceMs: 1000 });
    await listening;
    const port = (server.address() as { port: number }).port;
    let running = true;
    let answeredOld = 0;
    // Twenty browsers keep asking on their open connections.
    const old = Array.from({ length: 20 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (running) {
        await get(port, agent);
        answeredOld++;
      }
      agent.destroy();
    });
    while (answeredOld < 60) await new Promise((r) => setTimeout(r, 5));
    // Twenty more open a connection each at once. libuv accepts one connection per turn of the loop; when a turn
    // holds every open request's work, the last newcomer waited twenty such turns: 400 answers to the others.
    const before = answeredOld;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        await get(port, agent);
        agent.destroy();
      }),
    );
    const meanwhile = answeredOld - before;
    running = false;
    await Promise.all(old);
    await stop();
    expect(meanwhile).toBeLessThan(150);
  }, 30_000);
});
