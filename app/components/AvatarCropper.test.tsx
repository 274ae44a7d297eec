import { describe, expect, it } from "vitest";
import { centredCrop, movedCrop } from "./AvatarCropper.tsx";

describe("the avatar crop", () => {
  it("starts as the largest centred square, as fractions of the picture's sides", () => {
    expect(centredCrop(900, 600)).toEqual({ x: 150 / 900, y: 0, size: 1 });
    expect(centredCrop(600, 900, 0.5)).toEqual({ x: 150 / 600, y: 300 / 900, size: 0.5 });
  });

  it("moves by pixels of the picture and never leaves it", () => {
    const start = centredCrop(900, 600, 0.5);
    expect(movedCrop(start, 900, 600, 100, 50)).toEqual({ x: 400 / 900, y: 200 / 600, size: 0.5 });
    expect(movedCrop(start, 900, 600, -5000, -5000)).toEqual({ x: 0, y: 0, size: 0.5 });
    expect(movedCrop(start, 900, 600, 5000, 5000)).toEqual({ x: 600 / 900, y: 300 / 600, size: 0.5 });
  });
});
