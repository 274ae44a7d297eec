import { describe, expect, it } from "vitest";
import { cardRatio, coverSizes, FACE_RATIO, rowPlaces, TALLEST, WIDEST } from "./justified.ts";

const pic = (width: number, height: number) => ({ cover: { url: "/p.webp", width, height, alt: "" } });

describe("justified rows", () => {
  it("lay a picture out at its own ratio, and a card without one as a square face", () => {
    expect(cardRatio(pic(1600, 900))).toBe(1.778);
    expect(cardRatio(pic(600, 800))).toBe(0.75);
    expect(cardRatio({ cover: null })).toBe(FACE_RATIO);
    // An old upload whose size was not kept: the 4:3 the grid always had.
    expect(cardRatio(pic(0, 0))).toBe(1.333);
  });

  it("hold only extreme ratios at the limits", () => {
    expect(cardRatio(pic(5000, 500))).toBe(WIDEST);
    expect(cardRatio(pic(300, 3000))).toBe(TALLEST);
  });

  it("pair cards for a phone's rows in order, the last one alone with a 4:3 partner", () => {
    const places = rowPlaces([pic(800, 600), pic(600, 800), pic(1000, 1000), { cover: null }, pic(1600, 900)]);
    expect(places).toEqual([
      { "--ar": 1.333, "--pair": 2.083 },
      { "--ar": 0.75, "--pair": 2.083 },
      { "--ar": 1, "--pair": 2 },
      { "--ar": 1, "--pair": 2 },
      { "--ar": 1.778, "--pair": 3.111 },
    ]);
  });

  it("ask for a copy as wide as the row draws the picture, half the window on a phone", () => {
    expect(coverSizes(pic(1600, 900))).toBe("(min-width: 640px) 534px, 50vw");
    expect(coverSizes(pic(600, 800))).toBe("(min-width: 640px) 225px, 50vw");
  });
});
