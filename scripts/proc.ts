/**
 * What Linux's /proc says of a process, for the benches: the CPU it has used, its resident memory, and where that
 * memory is.
 */
import { readFileSync, readlinkSync } from "node:fs";

/** /proc counts CPU in clock ticks of 10 ms on Linux. */
export const TICK_MS = 10;

/** CPU a process has used so far, in /proc's clock ticks (TICK_MS). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** A process's resident memory, in MB. */
export function residentMb(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/** Resident memory by where it is, in MB (see residentParts). */
export type ResidentParts = { v8: number; malloc: number; binary: number; other: number };

/**
 * Where a process's resident memory is, from its `smaps`: V8's heap (the 256 KB regions V8 keeps its pages in),
 * glibc's main heap (`[heap]`), the executable's own pages (file-backed, shared by every process running it) and
 * the rest (glibc's other arenas, libraries' own allocators such as jieba's dictionary, thread stacks, large buffers
 * mapped on their own). V8's large objects have regions of other sizes and count as the rest.
 */
export function residentParts(pid: number, smaps = readFileSync(`/proc/${pid}/smaps`, "utf8")): ResidentParts {
  const binary = readlinkSync(`/proc/${pid}/exe`);
  const kb = { v8: 0, malloc: 0, binary: 0, other: 0 };
  let part: keyof ResidentParts = "other";
  for (const line of smaps.split("\n")) {
    const region = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (region) {
      const [, start, end, name] = region;
      const size = parseInt(end, 16) - parseInt(start, 16);
      part = name === "[heap]" ? "malloc" : name === binary ? "binary" : !name && size === 256 * 1024 ? "v8" : "other";
    } else if (line.startsWith("Rss:")) kb[part] += Number(line.split(/\s+/)[1]);
  }
  const mb = (n: number) => Math.round(n / 1024);
  return { v8: mb(kb.v8), malloc: mb(kb.malloc), binary: mb(kb.binary), other: mb(kb.other) };
}

/** `residentParts` as a phrase for a bench's line. */
export function describeParts(parts: ResidentParts): string {
  return `V8's heap ${parts.v8}, malloc's ${parts.malloc}, the executable ${parts.binary}, the rest ${parts.other}`;
}
