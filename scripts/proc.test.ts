import { readlinkSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { residentMb, residentParts } from "./proc.ts";

/** One region of an `smaps` file with `rssKb` resident. */
const region = (start: number, sizeKb: number, name: string, rssKb: number) =>
  `${start.toString(16)}-${(start + sizeKb * 1024).toString(16)} rw-p 00000000 00:00 0          ${name}\n` +
  `Size:           ${sizeKb} kB\nRss:            ${rssKb} kB\nAnonymous:      ${rssKb} kB\n`;

describe("where a process's resident memory is", () => {
  it("puts V8's 256 KB regions, glibc's heap, the executable and the rest each in its own part", () => {
    const exe = readlinkSync(`/proc/${process.pid}/exe`);
    const smaps =
      region(0x10000000, 256, "", 256) +
      region(0x10040000, 256, "", 200) +
      region(0x20000000, 8 * 1024, "[heap]", 3 * 1024) +
      region(0x30000000, 4 * 1024, exe, 2 * 1024) +
      // A large object of V8's, a library's arena and a stack are not V8's pages.
      region(0x40000000, 1024, "", 1024) +
      region(0x50000000, 64 * 1024, "", 5 * 1024) +
      region(0x60000000, 132, "[stack]", 100) +
      region(0x70000000, 1024, "/usr/lib/x86_64-linux-gnu/libc.so.6", 1024);
    expect(residentParts(process.pid, smaps)).toEqual({ v8: 0, malloc: 3, binary: 2, other: 7 });
    // Rounded to MB: 456 KB of V8's pages is 0, a thousand of them is not.
    const many = Array.from({ length: 1000 }, (_, i) => region(0x80000000 + i * 0x40000, 256, "", 256)).join("");
    expect(residentParts(process.pid, many).v8).toBe(250);
  });

  it("adds up to the process's resident memory", () => {
    const parts = residentParts(process.pid);
    const sum = parts.v8 + parts.malloc + parts.binary + parts.other;
    // Four parts rounded to MB, and a few allocations between the two readings.
    expect(Math.abs(sum - residentMb(process.pid))).toBeLessThanOrEqual(6);
    expect(parts.v8).toBeGreaterThan(0);
    expect(parts.binary).toBeGreaterThan(0);
  });
});
