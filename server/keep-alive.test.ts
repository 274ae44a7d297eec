import { Agent, request } from "node:http";
import { expect, it } from "vitest";
import type { Site } from "./site.ts";
import { listen } from "./listen.ts";

const site: Site = {
  fetch: async () => new Response("ok"),
  drain: () => {},
  close: async () => {},
  database: null,
};

/** Answers whether the request went out on a connection the agent already had open. */
function get(port: number, agent: Agent): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(req.reusedSocket));
    });
    req.on("error", reject);
    req.end();
  });
}

// CI's browser test lost a request with ECONNRESET: its client sent on a connection idle for Node's 5 s (plus its 1 s
// buffer) just as the server closed it.
it("keeps an idle keep-alive connection open past Node's default, so a client reusing it is not cut off", async () => {
  const { server, listening, stop } = listen(site, 0, { graceMs: 1000 });
  await listening;
  const port = (server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(port, agent)).toBe(false);
    await new Promise((r) => setTimeout(r, 6_500));
    expect(await get(port, agent)).toBe(true);
  } finally {
    agent.destroy();
    await stop();
  }
}, 15_000);
