import { describe, expect, it } from "vitest";
import { aiFloorOf } from "./media.ts";

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
