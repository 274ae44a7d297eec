/**
 * V8's young generation, per process. Left to V8, it grows to tens of megabytes a process under load, and the
 * old space grows with it before a full collection. At 8 MB a semi-space, resident memory after the bench's
 * rendered pages falls by a quarter to a third (README, Benchmark), for the same CPU a page within the run-to-run
 * spread (the live set is about 60 MB; a page allocates a few megabytes that die young). Capping the old space
 * instead cost twice the CPU (docs/decisions/0011).
 */
export const YOUNG_SPACE_FLAG = "--max-semi-space-size=8";

/** `execArgv` with the young generation's size, unless the operator chose one (flags or NODE_OPTIONS). */
export function withHeapFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => a.startsWith("--max-semi-space-size"));
  return chosen ? [...execArgv] : [...execArgv, YOUNG_SPACE_FLAG];
}
