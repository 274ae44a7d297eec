import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { DrawShared } from "./shared-markup.ts";

/** Pieces kept by a process: a card's markup and its key are about 4 KB of strings, so about 8 MB at most. */
export const KEPT_PIECES = 2_000;

/**
 * React's string renderer writes the same hydratable markup as the page's stream; it runs beside the page's render
 * without touching it (its own module state, the hooks dispatcher put back). What it cannot share with the page is
 * the page's own `<head>`: resource hints it would hoist (an image's preload) come first in its string, and are left
 * out, so a kept piece is only ever the element's own contents.
 */
export function sharedMarkup(limit = KEPT_PIECES): DrawShared & { size: () => number } {
  const kept = new Map<string, string>();
  const draw = (sameFor: string, inside: ReactNode) => {
    const hit = kept.get(sameFor);
    if (hit !== undefined) return hit;
    const html = renderToString(inside).replace(HOISTED, "");
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(sameFor, html);
    return html;
  };
  return Object.assign(draw, { size: () => kept.size });
}

/** The hints renderToString puts before the markup: `<link rel="preload" …/>`, one after another. */
const HOISTED = /^(?:<link [^>]*\/>)+/;
