import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HEAP_FLAGS, OLD_SPACE_FLAG, YOUNG_SPACE_FLAG, withHeapFlags } from "./heap.ts";

describe("the heap's sizes", () => {
  it("are added to a process's flags, each unless the operator chose it", () => {
    expect(withHeapFlags([], "")).toEqual([YOUNG_SPACE_FLAG, OLD_SPACE_FLAG]);
    expect(withHeapFlags(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", ...HEAP_FLAGS]);
    expect(withHeapFlags(["--max-semi-space-size=32"], "")).toEqual(["--max-semi-space-size=32", OLD_SPACE_FLAG]);
    expect(withHeapFlags([], "--max-semi-space-size=2 --trace-gc")).toEqual([OLD_SPACE_FLAG]);
    expect(withHeapFlags([], "--max-old-space-size=1024")).toEqual([YOUNG_SPACE_FLAG]);
    expect(withHeapFlags([...HEAP_FLAGS], "")).toEqual([...HEAP_FLAGS]);
  });

  it("are how `npm start` and the image start the server", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${HEAP_FLAGS.join(" ")} scripts/start.ts`);
    const cmd = JSON.stringify(["node", ...HEAP_FLAGS, "server.ts"]).replaceAll(",", ", ");
    expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ${cmd}`);
  });

  it("bound the old space at 256 MB, where V8 would take gigabytes on this machine", async () => {
    const limit = (args: string[]) =>
      new Promise<number>((resolve, reject) => {
        let out = "";
        const child = spawn(
          process.execPath,
          [...args, "-e", `console.log(require("v8").getHeapStatistics().heap_size_limit)`],
          { env: { ...process.env, NODE_OPTIONS: "" } },
        );
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(Number(out.trim())));
      });
    expect(await limit(withHeapFlags([], ""))).toBeLessThanOrEqual(300 * 2 ** 20);
    expect(await limit([])).toBeGreaterThan(1024 * 2 ** 20);
  });

  it("keep the young generation at 16 MB under churn, where it grew to 64 MB", async () => {
    // Short-lived objects, as a page's render makes; the largest young generation seen on the way.
    const churn = `const v8 = require("v8"); let most = 0; let keep = [];
      for (let i = 0; i < 4e6; i++) {
        keep.push({ i, s: "a" + i });
        if (keep.length > 2e4) keep = [];
        if (i % 1e4 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size);
      }
      console.log(most);`;
    const youngest = (args: string[]) =>
      new Promise<number>((resolve, reject) => {
        let out = "";
        const child = spawn(process.execPath, [...args, "-e", churn], { env: { ...process.env, NODE_OPTIONS: "" } });
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(Number(out.trim())));
      });
    const flagged = await youngest(withHeapFlags([], ""));
    const plain = await youngest([]);
    expect(flagged).toBeLessThanOrEqual(16 * 2 ** 20);
    expect(plain).toBeGreaterThan(flagged);
  });
});
