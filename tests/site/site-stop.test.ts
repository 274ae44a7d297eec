import Database from "better-sqlite3";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startSite } from "./test-site.ts";

// One stop that never waits forever (issue 54): with Redis away, the views held in memory are still written.
describe("a stop with Redis away", () => {
  it("ends, and writes the views it held", async () => {
    // Nothing listens on port 1: Redis is away from the start.
    const s = await startSite({ REDIS_URL: "redis://127.0.0.1:1" });
    let closed: string;
    try {
      const member = await s.member("stopper");
      const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
      const made = await s.send("/api/art/create", {
        method: "POST",
        headers: { "X-User-Token": member.token, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          type: "0",
          nodeId: String(nodes.data[0].nodeId),
          title: "停机前的浏览",
          content: "看一看",
        }),
      });
      const { artId } = ((await made.json()) as { data: { artId: number } }).data;
      // Three visitors, each counted once.
      for (let i = 0; i < 3; i++) {
        const seen = await s.send(`/api/art/view/${artId}`, {
          method: "POST",
          headers: { "X-Client": "vitest" },
          ip: `198.51.100.${i + 1}`,
        });
        expect(((await seen.json()) as { data: { viewCount: number } }).data.viewCount).toBe(i + 1);
      }
      s.site.drain();
      closed = await Promise.race([
        s.site.close().then(() => "closed"),
        new Promise<string>((r) => setTimeout(() => r("still stopping"), 8000)),
      ]);
      expect(closed).toBe("closed");
      const db = new Database(path.join(s.dir, "site.db"), { readonly: true });
      try {
        expect(db.prepare("select view_count from works where id = ?").get(artId)).toEqual({ view_count: 3 });
      } finally {
        db.close();
      }
    } finally {
      await s.close().catch(() => undefined);
    }
  }, 20_000);
});
