import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { YOUNG_SPACE_FLAG, withHeapFlags } from "./heap.ts";

describe("the young generation's size", () => {
  it("is added to a process's flags unless the operator chose one", () => {
    expect(withHeapFlags([], "")).toEqual([YOUNG_SPACE_FLAG]);
    expect(withHeapFlags(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", YOUNG_SPACE_FLAG]);
    expect(withHeapFlags(["--max-semi-space-size=32"], "")).toEqual(["--max-semi-space-size=32"]);
    expect(withHeapFlags([], "--max-semi-space-size=2 --trace-gc")).toEqual([]);
  });

  it("is how `npm start` and the image start the server", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${YOUNG_SPACE_FLAG} scripts/start.ts`);
    expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ["node", "${YOUNG_SPACE_FLAG}", "server.ts"]`);
  });

  it("takes effect: under churn V8's young generation stays at 16 MB, where it grew to 64 MB", async () => {
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
