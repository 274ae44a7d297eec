import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePorts } from "../api/test/ports.ts";
import { siteUp, startSite } from "./site-process.ts";

const coresOf = (pid: number) => /Cpus_allowed_list:\s+(\S+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

// The bench keeps its load generator on a core of its own and the site on the others (scripts/bench-rendered.ts).
describe.runIf(os.availableParallelism() >= 2 && process.platform === "linux")("a bench's site on given cores", () => {
  it("runs there, and so do the workers it forks; it answers as any other", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-pinned-"));
    const [port] = await freePorts(1);
    const site = startSite({ PORT: String(port), DATA_DIR: dir, DEMO_CONTENT: "0", WORKERS: "2" }, "1");
    try {
      await siteUp(`http://127.0.0.1:${port}`);
      expect(coresOf(site.pid!)).toBe("1");
      const workers = childrenOf(site.pid!);
      expect(workers).toHaveLength(2);
      for (const pid of workers) expect(coresOf(pid)).toBe("1");
    } finally {
      site.kill("SIGTERM");
      await new Promise((r) => site.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
