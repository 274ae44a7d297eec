/**
 * Pages asked of a site in this process, as the in-process benches do (scripts/bench-pages.ts, bench-pages-ab.ts).
 */

/**
 * Asks `count` pages, `concurrency` at a time, reading each answer whole, and lets the event loop turn after each.
 * On SQLite a page asked in process is promises from end to end, so without a turn the loop never reaches the work a
 * render leaves for later (React's request waits in a setImmediate until then): on 2026-11-27 the 4,000 pages of one
 * round held 3,896 renders, 251 MB of old space, and the heap limit stopped the bench, after CPU figures inflated by a
 * collector that ran on a full heap. A server's loop turns between requests anyway.
 */
export async function askAll(ask: () => Response | Promise<Response>, count: number, concurrency = 8) {
  let left = count;
  const worker = async () => {
    while (left-- > 0) {
      await (await ask()).arrayBuffer();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
