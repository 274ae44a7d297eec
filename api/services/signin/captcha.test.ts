import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drawCode, randomCode } from "./captcha.ts";

afterEach(() => vi.restoreAllMocks());

describe("captcha codes", () => {
  it("come from the secure source, not Math.random (whose next values can be worked out from earlier ones)", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const codes = new Set(Array.from({ length: 50 }, () => randomCode()));
    expect(codes.size).toBeGreaterThan(45);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}$/);
  });
});

describe("captcha pictures", () => {
  it("are pixels whose file names no letter, and differ between two draws of one code", async () => {
    const [a, b] = [await drawCode("ab3k"), await drawCode("ab3k")];
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 150, 50]);
    const [pa, pb] = await Promise.all([a, b].map((x) => sharp(x).raw().toBuffer()));
    let differing = 0;
    for (let i = 0; i < pa!.length; i++) if (pa![i] !== pb![i]) differing++;
    // Warped, crossed and sprinkled anew: a large share of the pixels changes, not a few jittered edges.
    expect(differing / pa!.length).toBeGreaterThan(0.05);
  });

  it("draw the letters dark on light, so people can read them", async () => {
    const { data, info } = await sharp(await drawCode("mnpq"))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = data.filter((v) => v < 110).length / (info.width * info.height);
    expect(dark).toBeGreaterThan(0.04);
    expect(dark).toBeLessThan(0.5);
  });
});
