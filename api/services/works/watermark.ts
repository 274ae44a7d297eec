import { createHash } from "node:crypto";
import { DEFAULT_WATERMARK_OPACITY, type Watermark, type WatermarkCorner } from "../../../contract/works/rights.ts";
import { ownedUploads } from "../../db/queries/uploads.ts";
import { ApiError } from "../../lib/errors.ts";
import { UPLOADS_PATH } from "../../lib/storage.ts";
import { THUMB_WIDTHS } from "../../lib/media.ts";
import { drawWatermark } from "../../lib/watermark.ts";
import type { Deps } from "../deps.ts";

/** An upload as publishing reads it: its address, width and display sizes, and the watermarked files made so far. */
export type MarkSource = { url: string; width: number; variants: string; marked: string };

/** Per picture (by its stored address): its display sizes, watermarked, and the files that took. */
export type Marks = Map<string, { variants: Record<string, string>; files: string[] }>;

const keyOf = (url: string) => url.slice(UPLOADS_PATH.length + 1);

/**
 * Draws the author's name on each display size of each picture, before the work is written (sharp's work stays out of
 * the database's transaction). The files are named by what was drawn, so a mark already made is not drawn again, and
 * a retried publish writes the same file. The stored original is never touched.
 */
export async function drawMarks(deps: Deps, sources: MarkSource[], text: string, mark: Watermark): Promise<Marks> {
  const tag = createHash("sha256").update(`${text}|${mark.corner}|${mark.opacity}`).digest("hex").slice(0, 10);
  const marks: Marks = new Map();
  for (const source of sources) {
    const sizes = JSON.parse(source.variants || "{}") as Record<string, string>;
    // The picture itself is marked as one more size when it is wider than its largest display size (a picture up to
    // 1,280 px wide): a marked work shows nothing unmarked, and loses no width to it.
    const widest = Math.max(0, ...Object.keys(sizes).map(Number));
    const own = source.width > widest && source.width <= THUMB_WIDTHS.at(-1)!;
    const shown = own ? { ...sizes, [source.width]: source.url } : sizes;
    const made = new Set(JSON.parse(source.marked || "[]") as string[]);
    const variants: Record<string, string> = {};
    const files: string[] = [];
    for (const [width, url] of Object.entries(shown)) {
      const stem = keyOf(url).replace(/\.webp$/, "");
      const key = `${stem.endsWith(`-${width}`) ? stem : `${stem}-${width}`}-wm${tag}.webp`;
      const target = `${UPLOADS_PATH}/${key}`;
      if (!made.has(target)) {
        const bytes = await deps.storage.read(keyOf(url));
        if (!bytes)
          throw new ApiError("validation", "图片文件不存在，请重新上传", { images: "图片文件不存在，请重新上传" });
        await deps.storage.put(key, await drawWatermark(bytes, text, mark), "image/webp");
      }
      variants[width] = target;
      files.push(target);
    }
    marks.set(source.url, { variants, files });
  }
  return marks;
}

/** The watermark a post asks for, over what stands (a corner or "none"; absent fields keep what stands). */
export function watermarkOf(
  asked: { watermark?: WatermarkCorner | "none"; watermarkOpacity?: number },
  standing: Watermark | null,
): Watermark | null {
  const corner = asked.watermark ?? standing?.corner ?? "none";
  if (corner === "none") return null;
  return { corner, opacity: asked.watermarkOpacity ?? standing?.opacity ?? DEFAULT_WATERMARK_OPACITY };
}

/** The watermarked display sizes a post needs, drawn before its transaction; none without a mark or a picture. */
export async function marksFor(
  deps: Deps,
  ownerIds: number[],
  post: { images: { url: string }[]; watermark?: WatermarkCorner | "none"; watermarkOpacity?: number },
  standing: Watermark | null,
  author: string,
): Promise<Marks> {
  const mark = watermarkOf(post, standing);
  if (!mark || !post.images.length) return new Map();
  const urls = post.images.map((i) => i.url);
  const rows = (await Promise.all(ownerIds.map((id) => ownedUploads(deps.db, id, urls)))).flat();
  return drawMarks(
    deps,
    rows.filter((r) => r.kind === "image"),
    `@${author}`,
    mark,
  );
}
