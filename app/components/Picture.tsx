import type { ImageView } from "../../contract/works/views.ts";
import type { CSSProperties } from "react";

/** srcset from the WebP thumbnails (320/640/1280) and the full picture. */
export function srcSet(img: ImageView): string | undefined {
  const entries = Object.entries(img.variants ?? {}).map(([w, url]) => `${url} ${w}w`);
  if (!entries.length) return undefined;
  if (img.width) entries.push(`${img.url} ${img.width}w`);
  return entries.join(", ");
}

/**
 * The picture's box before it loads, so nothing below it moves when it does. Fitted, it is the smallest of the
 * column, its own width and the width that makes it 90 % of the window's height.
 */
export function pictureBox(img: ImageView, fit: boolean): CSSProperties | undefined {
  if (!img.width || !img.height) return fit ? { width: "auto" } : undefined;
  const aspectRatio = `${img.width} / ${img.height}`;
  if (!fit) return { aspectRatio };
  const byHeight = Math.round((90 * img.width * 1000) / img.height) / 1000;
  return { aspectRatio, width: `min(100%, ${img.width}px, ${byHeight}vh)` };
}

/** A lazy picture that holds its place (aspect ratio and a tinted background) until it loads. */
export function Picture({
  img,
  alt,
  sizes,
  eager = false,
  lead = false,
  fit = false,
  className = "",
}: {
  img: ImageView;
  alt: string;
  sizes: string;
  eager?: boolean;
  /** The page's largest picture on arrival: fetched before anything else the page names (its LCP). */
  lead?: boolean;
  /** At most its own size and the window's height, centred, rather than the column's width. */
  fit?: boolean;
  className?: string;
}) {
  return (
    <img
      src={img.url}
      srcSet={srcSet(img)}
      sizes={sizes}
      alt={alt}
      width={img.width || undefined}
      height={img.height || undefined}
      loading={eager || lead ? "eager" : "lazy"}
      fetchPriority={lead ? "high" : undefined}
      decoding="async"
      className={`h-auto bg-surface-2 ${fit ? "mx-auto max-h-[90vh] max-w-full rounded-xl" : "w-full"} ${className}`}
      style={pictureBox(img, fit)}
    />
  );
}
