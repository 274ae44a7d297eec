/**
 * The built site as a process of its own, as the benches start it: production, no captcha, behind a proxy, and
 * writing its request lines as an operator's site does (to nowhere), so the figures carry their cost;
 * BENCH_LOG_LEVEL=warn leaves them out, to see what they cost.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { mallocSettings, withHeapFlags } from "../server/speed/heap.ts";
import { root } from "./build.ts";

/** `cpus`, a list of cores as taskset reads it ("1-3"), keeps the site and every worker it forks on those cores. */
export function startSite(env: Record<string, string>, cpus?: string) {
  const node = [process.execPath, ...withHeapFlags([], ""), path.join(root, "server.ts")];
  // taskset sets the cores and then runs node in its own place: the child's pid is the site's.
  const [command, ...args] = cpus ? ["taskset", "-c", cpus, ...node] : node;
  return spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...mallocSettings({ arenaMax: process.env.MALLOC_ARENA_MAX, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ }),
      NODE_ENV: "production",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
      CAPTCHA: "off",
      // Members sign up from addresses of their own (bench-inbox.ts), as through a proxy.
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Waits until the site at `base` answers (a minute at most). */
export async function siteUp(base: string) {
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/config/configs`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}
