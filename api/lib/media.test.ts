import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { aiFloorOf, checkAudioHead, checkImageHead, DRAWING_BYTES, drawing, processImage } from "./media.ts";

const xmp = (text: string) => ({ xmp: Buffer.from(text, "latin1") });
const types = "http://cv.iptc.org/newscodes/digitalsourcetype/";

describe("what a picture's metadata says of AI", () => {
  it.each([
    [
      "IPTC digital source type: made by a trained model",
      xmp(`DigitalSourceType="${types}trainedAlgorithmicMedia"`),
      2,
    ],
    [
      "IPTC digital source type: made by an algorithm",
      xmp(`<Iptc4xmpExt:DigitalSourceType>${types}algorithmicMedia<`),
      2,
    ],
    ["a model's part in a composite", xmp(`DigitalSourceType="${types}compositeWithTrainedAlgorithmicMedia"`), 1],
    ["China's implicit label (an AIGC field)", { exif: Buffer.from('AIGC{"Label":"1"}', "latin1") }, 2],
    [
      "a generator's settings in a PNG text chunk",
      { comments: [{ keyword: "parameters", text: "a cat, Steps: 20" }] },
      2,
    ],
    ["a ComfyUI workflow", { comments: [{ keyword: "workflow", text: "{}" }] }, 2],
    ["a camera's own picture", xmp(`DigitalSourceType="${types}digitalCapture"`), 0],
    ["a word that merely contains the letters", xmp("MAIGCX trainedAlgorithmicMediaX"), 0],
    ["a PNG comment that is only a title", { comments: [{ keyword: "Title", text: "prompt=none" }] }, 0],
    ["nothing at all", {}, 0],
  ] as const)("%s", (_name, meta, label) => {
    expect(aiFloorOf(meta as Parameters<typeof aiFloorOf>[0])).toBe(label);
  });
});

describe("drawing pictures", () => {
  const picture = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: "#c84" } })
      .png()
      .toBuffer();

  it("draws in turns: two pictures too large to draw together wait for each other", async () => {
    // 3,000 × 3,000 RGB is 27 MB decoded: two of them do not fit in DRAWING_BYTES, so the second waits.
    expect(2 * 3000 * 3000 * 3).toBeGreaterThan(DRAWING_BYTES);
    const [large, small] = await Promise.all([picture(3000), picture(200)]);
    const seen: { bytes: number; waiting: number }[] = [];
    const first = processImage(large);
    const second = processImage(large);
    const third = processImage(small);
    const watch = setInterval(() => seen.push(drawing.busy), 5);
    const done = await Promise.all([first, second, third]);
    clearInterval(watch);
    expect(done.map((d) => d.main.width)).toEqual([2560, 2560, 200]);
    expect(Math.max(...seen.map((s) => s.bytes))).toBeLessThanOrEqual(DRAWING_BYTES);
    expect(seen.some((s) => s.waiting > 0)).toBe(true);
    expect(drawing.busy).toEqual({ bytes: 0, waiting: 0 });
  });

  it("refuses from the first bytes what no accepted picture or audio container starts with", () => {
    expect(() => checkImageHead(Buffer.from("GIF89a......"))).not.toThrow();
    expect(() => checkImageHead(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).not.toThrow();
    expect(() => checkImageHead(Buffer.from("\0\0\0\x1cftypavif"))).not.toThrow();
    expect(() => checkImageHead(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).not.toThrow();
    expect(() => checkImageHead(Buffer.from("BM this is a bitmap"))).toThrow("无法识别的图片文件");
    expect(() => checkImageHead(Buffer.from("  <svg onload=alert(1)>"))).toThrow("不支持 SVG");
    expect(() => checkImageHead(Buffer.alloc(0))).toThrow("文件是空的");
    expect(checkAudioHead(Buffer.from("ID3\x04\0\0\0\0\0\0\0\0"))).toMatchObject({ ext: "mp3" });
    expect(() => checkAudioHead(Buffer.from("PK\x03\x04 a zip file"))).toThrow("只支持");
  });
});
