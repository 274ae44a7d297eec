import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast.ts";

// The tokens and the pairs they promise to keep readable, both read from the stylesheet itself.
const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
const tokens = new Map(
  [...css.matchAll(/--([a-z0-9-]+): light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\);/gi)].map((m) => [
    m[1],
    { light: m[2], dark: m[3] },
  ]),
);
const pairs = [...css.matchAll(/contrast: ([a-z0-9 -]+?) on ([a-z0-9 -]+)$/gm)].flatMap((m) =>
  m[1].split(" ").flatMap((text) =>
    m[2]
      .trim()
      .split(" ")
      .map((background) => [text, background] as const),
  ),
);

describe("the theme's colours", () => {
  it("are read from the stylesheet, with the pairs it promises", () => {
    expect(tokens.size).toBeGreaterThanOrEqual(13);
    // Every text colour on every surface, and each filled colour's own text.
    expect(pairs).toHaveLength(5 * 4 + 3);
    for (const [text, background] of pairs) {
      expect(tokens.has(text), text).toBe(true);
      expect(tokens.has(background), background).toBe(true);
    }
  });

  for (const half of ["light", "dark"] as const)
    it(`keep text at 4.5:1 or more on its background in the ${half} theme`, () => {
      const low = pairs
        .map(([text, background]) => ({
          pair: `${text} on ${background}`,
          ratio: contrastRatio(tokens.get(text)![half], tokens.get(background)![half]),
        }))
        .filter((p) => p.ratio < 4.5);
      expect(low).toEqual([]);
    });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    // The old brand red, which the audit found short on white.
    expect(contrastRatio("#d9472b", "#ffffff")).toBeCloseTo(4.3, 1);
  });
});
