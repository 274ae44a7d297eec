import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bitsApart, fromHash, printOf, SAME_PICTURE_BITS } from "./picture-print.ts";
import { drawing } from "../test/drawing.ts";

describe("a picture's print", () => {
  it("stays within a few bits when the picture is re-encoded, resized, recoloured a little or marked", async () => {
    const original = await drawing(7);
    const a = (await printOf(original))!;
    const copies = [
      await sharp(original).jpeg({ quality: 60 }).toBuffer(),
      await sharp(original).resize(320).webp({ quality: 70 }).toBuffer(),
      await sharp(original).modulate({ brightness: 1.08 }).png().toBuffer(),
      await sharp(original)
        .composite([
          {
            input: Buffer.from('<svg width="160" height="30"><text x="0" y="22" font-size="20">@盗图者</text></svg>'),
            gravity: "southeast",
          },
        ])
        .png()
        .toBuffer(),
    ];
    for (const copy of copies)
      expect(bitsApart(a.hash, (await printOf(copy))!.hash)).toBeLessThanOrEqual(SAME_PICTURE_BITS);
  });

  it("differs in many bits between different pictures", async () => {
    const prints = await Promise.all([1, 2, 3, 4, 5].map(async (s) => (await printOf(await drawing(s)))!.hash));
    for (let i = 0; i < prints.length; i++)
      for (let j = i + 1; j < prints.length; j++)
        expect(bitsApart(prints[i], prints[j])).toBeGreaterThan(SAME_PICTURE_BITS * 2);
  });

  it("is none for a blank picture, which would be like every other", async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#5b8c85" } })
      .png()
      .toBuffer();
    expect(await printOf(blank)).toBeNull();
  });

  it("is cut in four bands, so prints within three bits share one", () => {
    expect(fromHash("0123456789abcdef").bands).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
    expect(bitsApart("0123456789abcdef", "0123456789abcdee")).toBe(1);
    expect(bitsApart("ffffffffffffffff", "0000000000000000")).toBe(64);
  });
});
