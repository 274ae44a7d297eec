import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HEAP_FLAGS, MALLOC_ARENAS, OLD_SPACE_FLAG, YOUNG_SPACE_FLAG, mallocArenas, withHeapFlags } from "./heap.ts";

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
    expect(pkg.scripts.start).toBe(
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${MALLOC_ARENAS}} node ${HEAP_FLAGS.join(" ")} scripts/start.ts`,
    );
    const cmd = JSON.stringify(["node", ...HEAP_FLAGS, "server.ts"]).replaceAll(",", ", ");
    expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ${cmd}`);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(new RegExp(`^ENV .* MALLOC_ARENA_MAX=${MALLOC_ARENAS}$`, "m"));
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

  it("keep the young generation at about 16 MB under churn, where it grew to 64 MB", async () => {
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
    // Two semi-spaces of 8 MB; now and then V8 reports a page or two more while a scavenge moves objects (19 MB
    // seen), never near the 64 MB it takes unflagged.
    expect(flagged).toBeLessThanOrEqual(24 * 2 ** 20);
    expect(plain).toBeGreaterThanOrEqual(2 * flagged);
  });
});

describe("glibc's arenas", () => {
  it("are two for a server process, unless the operator set a number", () => {
    expect(mallocArenas(undefined)).toEqual({ MALLOC_ARENA_MAX: MALLOC_ARENAS });
    expect(mallocArenas("")).toEqual({ MALLOC_ARENA_MAX: MALLOC_ARENAS });
    expect(mallocArenas("8")).toEqual({});
  });

  it("are in the environment `npm start`'s line gives the server, unless already there", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    // The same line with the server swapped for a process that prints what it was given.
    const line = pkg.scripts.start.replace(/ scripts\/start\.ts$/, ` -e "console.log(process.env.MALLOC_ARENA_MAX)"`);
    const given = (env: NodeJS.ProcessEnv) =>
      new Promise<string>((resolve, reject) => {
        let out = "";
        const child = spawn("sh", ["-c", line], { env: { PATH: process.env.PATH, ...env } });
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(out.trim()));
      });
    expect(await given({})).toBe(MALLOC_ARENAS);
    expect(await given({ MALLOC_ARENA_MAX: "4" })).toBe("4");
  });
});
