import { readFile } from "node:fs/promises";
import type { Context } from "hono";
import sharp from "sharp";

/** The sizes phones ask for: 180 for iOS's home screen, 192 and 512 for Android's (the manifest names them). */
export const ICON_SIZES = [180, 192, 512] as const;

/**
 * The site's icon as PNG at the sizes a home screen needs, drawn from favicon.svg once per size and kept: the
 * repository holds the drawing, not pictures made from it.
 */
export function homeScreenIcons(svgPath: string) {
  const made = new Map<number, Promise<Buffer>>();
  return async (c: Context) => {
    const size = Number(/^(\d+)\.png$/.exec(c.req.param("file") ?? "")?.[1]);
    if (!ICON_SIZES.includes(size as (typeof ICON_SIZES)[number])) return c.text("Not Found", 404);
    let png = made.get(size);
    if (!png) {
      png = readFile(svgPath).then((svg) =>
        sharp(svg, { density: (72 * size) / 32 })
          .resize(size, size)
          .png()
          .toBuffer(),
      );
      made.set(size, png);
    }
    return c.body(new Uint8Array(await png), 200, {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=86400",
    });
  };
}
