import { describe, expect, it } from "vitest";
import { peaksOf } from "./peaks.ts";

describe("a song's waveform", () => {
  it("is the loudest sample of each stretch, the loudest bar full height", () => {
    const samples = new Float32Array([0.1, -0.2, 0.05, 0.4, -0.1, 0.0, 0.2, -0.05]);
    expect(peaksOf(samples, 4)).toEqual([0.5, 1, 0.25, 0.5]);
  });

  it("covers every sample when the bars do not divide them evenly, and is flat for silence", () => {
    expect(peaksOf(new Float32Array([0, 0, 0, 0, 0, 1, 0]), 3)).toEqual([0, 0, 1]);
    expect(peaksOf(new Float32Array(9), 3)).toEqual([0, 0, 0]);
    expect(peaksOf(new Float32Array(0), 3)).toEqual([]);
  });
});
