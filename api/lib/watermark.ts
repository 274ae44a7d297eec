import sharp from "sharp";
import type { Watermark } from "../../contract/works/rights.ts";
import { drawing, pixelBytes } from "./media.ts";

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * A display size with the author's name drawn in a corner: white letters with a dark edge, so it reads on light and
 * dark pictures alike, sized to the picture (3.5 % of its width, 12 to 48 px). Moving pictures keep their frames.
 */
export async function drawWatermark(image: Buffer, text: string, mark: Watermark): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const animated = (meta.pages ?? 1) > 1;
  const width = meta.width ?? 0;
  const height = animated ? (meta.pageHeight ?? meta.height ?? 0) : (meta.height ?? 0);
  const size = Math.max(12, Math.min(48, Math.round(width * 0.035)));
  const pad = Math.round(size * 0.7);
  const east = mark.corner.endsWith("e");
  const south = mark.corner.startsWith("s");
  const opacity = Math.max(0.1, Math.min(1, mark.opacity / 100));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${east ? width - pad : pad}" y="${south ? height - pad : pad + size}" ` +
    `text-anchor="${east ? "end" : "start"}" font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" ` +
    `font-size="${size}" font-weight="bold" fill="#ffffff" fill-opacity="${opacity}" stroke="#000000" ` +
    `stroke-opacity="${opacity * 0.6}" stroke-width="${Math.max(1, size / 14)}" paint-order="stroke">` +
    `${escapeXml(text)}</text></svg>`;
  return drawing.run(pixelBytes(meta), () =>
    sharp(image, { animated })
      .composite([{ input: Buffer.from(svg), top: 0, left: 0, tile: animated, gravity: "northwest" }])
      .webp({ quality: 80 })
      .toBuffer(),
  );
}
