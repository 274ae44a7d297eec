/**
 * V8's heap, per process (docs/speed.md). Left to V8, the young generation grows under load and promotes enough of a
 * page's short-lived garbage that the old space reaches several times the live set before a full collection. Small
 * semi-spaces and an old space of four times the live set keep a process under 300 MB for the same CPU a page; less
 * old space starves pages in flight. The page cache's bodies are buffers, outside it.
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
 * finds the allocation rate high at every check, idle or not, so only its watchdog starts it, well over a minute after
 * the last full collection, and a process stays that much larger for as long (docs/speed.md).
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
 * and keeps what is freed in an arena while any of it is in use, so compression on libuv's threads, SQLite and
 * libvips leave memory resident in each (docs/speed.md). Two arenas, unless the operator set a number. glibc reads its settings as a process starts, so they go
 * in the environment a process is started with: `npm start`'s, the image's, every `WORKERS` worker's.
 */
export const MALLOC_ARENAS = "2";

/**
 * And the size from which glibc maps a block on its own, fixed. Left to glibc it rises to the largest block freed (up
 * to the largest block freed), so after one upload's copies were freed the next upload's come from the heap, and
 * freeing them returns nothing. At 256 KB the buffers libvips draws a picture in are mapped too and given back when
 * freed; a page's own buffers are far below it, so pages cost the same (docs/speed.md).
 */
export const MALLOC_MMAP_THRESHOLD = String(256 * 1024);

/** What to add to the environment of a server process about to start, given the operator's settings of either. */
export function mallocSettings(given: { arenaMax?: string; mmapThreshold?: string }): Record<string, string> {
  return {
    ...(given.arenaMax ? {} : { MALLOC_ARENA_MAX: MALLOC_ARENAS }),
    ...(given.mmapThreshold ? {} : { MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD }),
  };
}
