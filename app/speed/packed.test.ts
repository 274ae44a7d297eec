import { describe, expect, it, vi } from "vitest";
import { pack, unpack } from "./packed.ts";

const value = { page: { results: [{ artId: 1, title: "<雨>", liked: false, cover: null }], hasMore: true } };

describe("packed loader data", () => {
  it("shows turbo-stream one string and nothing else", () => {
    const packed = pack(value);
    expect(Object.keys(packed)).toEqual(["json"]);
    expect(Object.entries(packed)).toEqual([["json", JSON.stringify(value)]]);
  });

  it("gives the server's render the value itself, and writes no JSON until turbo-stream reads it", () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const packed = pack(value);
    expect(unpack(packed)).toBe(value);
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    expect(packed.json).toBe(JSON.stringify(value));
  });

  it("parses what crossed the wire once, so every render of one answer sees the same objects", () => {
    const received = JSON.parse(JSON.stringify(pack(value))) as ReturnType<typeof pack<typeof value>>;
    const first = unpack(received);
    expect(first).toEqual(value);
    expect(first).not.toBe(value);
    expect(unpack(received)).toBe(first);
    // Another answer is parsed on its own.
    expect(unpack({ ...received })).not.toBe(first);
  });
});
