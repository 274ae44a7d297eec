import type { ImageView } from "../../../contract/works/views.ts";
import type { WorkRow } from "../../db/queries/works.ts";

export function parseImages(json: string): ImageView[] {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list.filter((i) => i && typeof i.url === "string") : [];
  } catch {
    return [];
  }
}

/**
 * A picture as served when its author does not offer the largest: its largest display size stands for it, so the
 * largest file's address is in no answer and no page.
 */
function displayOnly(image: ImageView): ImageView {
  const sizes = Object.entries(image.variants ?? {}).sort(([a], [b]) => Number(b) - Number(a));
  if (!sizes.length) return image;
  const [width, url] = sizes[0];
  const height = image.width ? Math.round((image.height * Number(width)) / image.width) : image.height;
  return { ...image, url, width: Number(width), height };
}

/**
 * The work's pictures as anyone may see them (all of each, or its display sizes only), and which is the cover. Its
 * edit form (`whole`) has them as stored: they are its author's own uploads.
 */
export function picturesOf(row: WorkRow, whole = false): { images: ImageView[]; cover: ImageView | null } {
  const stored = parseImages(row.images);
  // A watermarked work offers its marked display sizes only (the stored picture carries no mark).
  const offered = whole || (row.offer_original === 1 && !row.watermark);
  const images = offered ? stored : stored.map(displayOnly);
  const picked = stored.findIndex((i) => i.url === row.cover);
  const cover =
    images[picked] ?? images[0] ?? (row.cover && offered ? { url: row.cover, width: 0, height: 0, alt: "" } : null);
  return { images, cover };
}
