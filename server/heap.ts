/**
 * V8's heap, per process. Left to V8, the young generation grows to tens of megabytes a process under load and
 * the old space grows with it before a full collection, to about 175 MB for a live set of about 60 MB. At 8 MB a
 * semi-space and 256 MB of old space at most, resident memory after the bench's rendered pages falls from about
 * 530 MB to under 300 (README, Benchmark), for the same CPU a page within the run-to-run spread: a page allocates a
 * few megabytes that die young. The old-space limit leaves four times the live set; 160 MB left too little for 50
 * pages in flight and doubled the CPU a page (docs/decisions/0011). The page cache's bodies are buffers, outside it.
 */
export const YOUNG_SPACE_FLAG = "--max-semi-space-size=8";
export const OLD_SPACE_FLAG = "--max-old-space-size=256";
/** Lets the process collect once it falls quiet (collectWhenQuiet). */
export const EXPOSE_GC_FLAG = "--expose-gc";
export const HEAP_FLAGS = [YOUNG_SPACE_FLAG, OLD_SPACE_FLAG, EXPOSE_GC_FLAG] as const;

/** `execArgv` with the heap's flags, each unless the operator chose it (flags or NODE_OPTIONS). */
export function withHeapFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const named = (flag: string) => flag.split("=")[0];
  const missing = HEAP_FLAGS.filter((flag) => !given.some((a) => named(a) === named(flag)));
  return [...execArgv, ...missing];
}

/**
 * A full collection once a busy process falls quiet. V8's memory reducer is meant to do this, but in Node 24 it
 * finds the allocation rate high at every check, idle or not, so only its watchdog starts it, about 100 s after the
 * last full collection: the server of the whole bench stayed at 345 MB that long, 264 after (docs/benchmarks.md).
 * Here: when nothing has been answered for `quietMs` and the process has grown by `grownBytes` since the last
 * collection, collect as V8 does when memory runs short, freed pages given back (a few hundred milliseconds, with no
 * one waiting). Without `--expose-gc` (an operator's own flags), nothing happens.
 */
export function collectWhenQuiet(
  work: { readonly count: number; readonly begun: number },
  options: { quietMs?: number; grownBytes?: number; collect?: () => void; resident?: () => number } = {},
) {
  const quietMs = options.quietMs ?? 5_000;
  const grownBytes = options.grownBytes ?? 32 * 2 ** 20;
  const gc = (globalThis as { gc?: (options: { type: "major"; flavor: "last-resort" }) => void }).gc;
  const collect = options.collect ?? (gc && (() => gc({ type: "major", flavor: "last-resort" })));
  const resident = options.resident ?? (() => process.memoryUsage.rss());
  if (!collect) return { stop() {} };
  let seen = work.begun;
  let quietSince = Date.now();
  let left = resident();
  const timer = setInterval(
    () => {
      if (work.count > 0 || work.begun !== seen) {
        seen = work.begun;
        quietSince = Date.now();
        return;
      }
      if (Date.now() - quietSince < quietMs || resident() - left < grownBytes) return;
      collect();
      left = resident();
    },
    Math.min(1_000, quietMs / 2),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * glibc's allocator, per process. It gives threads that allocate at once arenas of their own (up to eight a core)
 * and keeps what is freed in an arena while any of it is in use; gzip's streams on libuv's threads, SQLite and
 * libvips left about 30 MB more resident a process after the rendered pages (308 → 276 MB, one worker, the same
 * CPU a page). Two arenas, unless the operator set a number. glibc reads its settings as a process starts, so they go
 * in the environment a process is started with: `npm start`'s, the image's, every `WORKERS` worker's.
 */
export const MALLOC_ARENAS = "2";

/**
 * And the size from which glibc maps a block on its own, fixed. Left to glibc it rises to the largest block freed (up
 * to 32 MB), so after one upload's copies were freed the next upload's come from the heap, and freeing them returns
 * nothing: four rounds of hostile uploads left a process at 456 MB, 264 with the size fixed at 1 MB. At 256 KB the
 * buffers libvips draws a picture in (a few hundred KB each) are mapped too: twelve 6-megapixel uploads left a
 * process at 295–450 MB with 1 MB, 268 with 256 KB. A page's own buffers are far below it (under 100 KB), and the
 * pages' CPU and brotli's were the same (docs/benchmarks.md).
 */
export const MALLOC_MMAP_THRESHOLD = String(256 * 1024);

/** What to add to the environment of a server process about to start, given the operator's settings of either. */
export function mallocSettings(given: { arenaMax?: string; mmapThreshold?: string }): Record<string, string> {
  return {
    ...(given.arenaMax ? {} : { MALLOC_ARENA_MAX: MALLOC_ARENAS }),
    ...(given.mmapThreshold ? {} : { MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD }),
  };
}
