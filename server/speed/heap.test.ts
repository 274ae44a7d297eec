import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  collectWhenQuiet,
  EXPOSE_GC_FLAG,
  HEAP_FLAGS,
  MALLOC_ARENAS,
  MALLOC_MMAP_THRESHOLD,
  OLD_SPACE_FLAG,
  YOUNG_SPACE_FLAG,
  mallocSettings,
  withHeapFlags,
} from "./heap.ts";

describe("the heap's sizes", () => {
  it("are added to a process's flags, each unless the operator chose it", () => {
    expect(withHeapFlags([], "")).toEqual([YOUNG_SPACE_FLAG, OLD_SPACE_FLAG, EXPOSE_GC_FLAG]);
    expect(withHeapFlags(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", ...HEAP_FLAGS]);
    expect(withHeapFlags(["--max-semi-space-size=32"], "")).toEqual([
      "--max-semi-space-size=32",
      OLD_SPACE_FLAG,
      EXPOSE_GC_FLAG,
    ]);
    expect(withHeapFlags([], "--max-semi-space-size=2 --trace-gc")).toEqual([OLD_SPACE_FLAG, EXPOSE_GC_FLAG]);
    expect(withHeapFlags([], "--max-old-space-size=1024 --expose-gc")).toEqual([YOUNG_SPACE_FLAG]);
    expect(withHeapFlags([...HEAP_FLAGS], "")).toEqual([...HEAP_FLAGS]);
  });

  it("are how `npm start` and the image start the server", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${MALLOC_ARENAS}} MALLOC_MMAP_THRESHOLD_=\${MALLOC_MMAP_THRESHOLD_:-${MALLOC_MMAP_THRESHOLD}} node ${HEAP_FLAGS.join(" ")} scripts/start.ts`,
    );
    const cmd = JSON.stringify(["node", ...HEAP_FLAGS, "server.ts"]).replaceAll(",", ", ");
    expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ${cmd}`);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(
      new RegExp(`^ENV .* MALLOC_ARENA_MAX=${MALLOC_ARENAS} MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD}$`, "m"),
    );
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

describe("collecting once quiet", () => {
  afterEach(() => vi.useRealTimers());

  it("collects once when nothing has been answered for a while and the process has grown, and not again until it grows", () => {
    vi.useFakeTimers();
    const work = { count: 0, begun: 0 };
    let heap = 100;
    const collected: number[] = [];
    const collect = () => {
      collected.push(Date.now());
      heap = 60;
    };
    const quiet = collectWhenQuiet(work, { quietMs: 5_000, grownBytes: 30, collect, resident: () => heap });
    // Busy: requests keep coming for 20 s while the heap grows.
    for (let s = 0; s < 20; s++) {
      work.begun++;
      work.count = s % 2;
      heap += 5;
      vi.advanceTimersByTime(1_000);
    }
    expect(collected).toEqual([]);
    work.count = 0;
    vi.advanceTimersByTime(4_000);
    expect(collected).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(collected).toHaveLength(1);
    // Quiet on: nothing grew, so nothing more to collect.
    vi.advanceTimersByTime(60_000);
    expect(collected).toHaveLength(1);
    // A few requests that leave little behind are not worth a collection.
    work.begun++;
    heap += 10;
    vi.advanceTimersByTime(10_000);
    expect(collected).toHaveLength(1);
    // Work still in flight is never collected under, however long it takes.
    work.begun++;
    work.count = 1;
    heap += 40;
    vi.advanceTimersByTime(30_000);
    expect(collected).toHaveLength(1);
    work.count = 0;
    vi.advanceTimersByTime(7_000);
    expect(collected).toHaveLength(2);
    quiet.stop();
  });

  it("is how the server's processes start: with the collector exposed", async () => {
    const exposed = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        let out = "";
        const child = spawn(process.execPath, [...args, "-e", "console.log(typeof gc)"], {
          env: { ...process.env, NODE_OPTIONS: "" },
        });
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(out.trim()));
      });
    expect(await exposed(withHeapFlags([], ""))).toBe("function");
    expect(await exposed([])).toBe("undefined");
  });
});

describe("glibc's settings", () => {
  const returned = (script: string, env: NodeJS.ProcessEnv) =>
    new Promise<number>((resolve, reject) => {
      let out = "";
      const child = spawn(process.execPath, ["--expose-gc", "-e", script], {
        env: { PATH: process.env.PATH, NODE_OPTIONS: "", ...env },
      });
      child.stdout.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("exit", () => resolve(Number(out.trim())));
    });

  it("are two arenas and a fixed mapping size for a server process, each unless the operator set it", () => {
    const both = { MALLOC_ARENA_MAX: MALLOC_ARENAS, MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD };
    expect(mallocSettings({})).toEqual(both);
    expect(mallocSettings({ arenaMax: "", mmapThreshold: "" })).toEqual(both);
    expect(mallocSettings({ arenaMax: "8" })).toEqual({ MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD });
    expect(mallocSettings({ arenaMax: "8", mmapThreshold: "65536" })).toEqual({});
  });

  it("are in the environment `npm start`'s line gives the server, unless already there", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    // The same line with the server swapped for a process that prints what it was given.
    const print = `console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_MMAP_THRESHOLD_)`;
    const line = pkg.scripts.start.replace(/ scripts\/start\.ts$/, ` -e "${print}"`);
    const given = (env: NodeJS.ProcessEnv) =>
      new Promise<string>((resolve, reject) => {
        let out = "";
        const child = spawn("sh", ["-c", line], { env: { PATH: process.env.PATH, ...env } });
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(out.trim()));
      });
    expect(await given({})).toBe(`${MALLOC_ARENAS} ${MALLOC_MMAP_THRESHOLD}`);
    expect(await given({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "65536" })).toBe("4 65536");
  });

  it("give back large blocks once freed, where glibc kept every upload's copies after the first", async () => {
    // One large block freed (glibc then raises its mapping size to it), then six more with small ones between.
    const uploads = `const rss = () => process.memoryUsage().rss;
      let one = Buffer.alloc(20 * 2 ** 20, 1); one = null; gc();
      const keep = []; let big = [];
      for (let i = 0; i < 6; i++) { big.push(Buffer.alloc(19 * 2 ** 20, 2)); keep.push(Buffer.alloc(64 * 1024, 3)); }
      const during = rss(); big = []; gc(); gc();
      console.log(Math.round((during - rss()) / 2 ** 20));`;
    // 114 MB freed: all of it back to the system with the settings, none of it without (as measured here).
    expect(await returned(uploads, mallocSettings({}))).toBeGreaterThanOrEqual(100);
    expect(await returned(uploads, { MALLOC_ARENA_MAX: MALLOC_ARENAS })).toBeLessThan(20);
  });

  it("give back the few-hundred-KB buffers a picture is drawn in, which a 1 MB mapping size kept", async () => {
    const drawing = `const rss = () => process.memoryUsage().rss;
      let one = Buffer.alloc(20 * 2 ** 20, 1); one = null; gc();
      const keep = []; let strips = [];
      for (let i = 0; i < 300; i++) { strips.push(Buffer.alloc(300 * 1024, 2)); keep.push(Buffer.alloc(16 * 1024, 3)); }
      const during = rss(); strips = []; gc(); gc();
      console.log(Math.round((during - rss()) / 2 ** 20));`;
    // 88 MB freed: all of it back with the settings, none with 1 MB (or glibc's own size).
    expect(await returned(drawing, mallocSettings({}))).toBeGreaterThanOrEqual(80);
    const wider = { MALLOC_ARENA_MAX: MALLOC_ARENAS, MALLOC_MMAP_THRESHOLD_: String(2 ** 20) };
    expect(await returned(drawing, wider)).toBeLessThan(10);
  });
});
