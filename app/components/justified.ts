import type { CSSProperties } from "react";
import type { WorkCardView } from "../../contract/works/views.ts";

/**
 * Whole pictures in rows (.work-grid in app.css), laid out by the browser from the sizes stored with each upload, so
 * the first paint is final at any width and nothing needs JavaScript.
 *
 * From 640 pixels each card is a flex item whose basis and growth are both its picture's aspect ratio: every row is
 * filled edge to edge and the pictures of a row share one height, in the list's order, left to right. On a phone the
 * cards go two to a row, each pair sharing the width in proportion to their ratios (so again one height a row): a
 * card is told the sum of its own ratio and its partner's. A card without a picture has a face of text, square.
 *
 * Ratios beyond 1:2 and 5:2 are held at those limits and the picture is cropped at its author's chosen point: a strip
 * ten times wider than tall would otherwise be a line a few pixels high, and a tall scroll a sliver.
 */
export const TALLEST = 1 / 2;
export const WIDEST = 5 / 2;
/** A text card's face (title and excerpt) and a picture whose size is not known. */
export const FACE_RATIO = 1;
const round = (n: number) => Math.round(n * 1000) / 1000;
const UNKNOWN_RATIO = round(4 / 3);

/** The largest a row's pictures are meant to be (app.css, --row at 1280 pixels): what `sizes` promises. */
const ROW_HEIGHT_MAX = 240;

/** The ratio a card is laid out at. */
export function cardRatio(work: Pick<WorkCardView, "cover">): number {
  const c = work.cover;
  if (!c) return FACE_RATIO;
  if (!c.width || !c.height) return UNKNOWN_RATIO;
  return round(Math.min(WIDEST, Math.max(TALLEST, c.width / c.height)));
}

/** Each card's place in the rows: its ratio, and with its phone partner's (the last one alone pairs with a 4:3). */
export function rowPlaces(works: Pick<WorkCardView, "cover">[]): CSSProperties[] {
  const ratios = works.map(cardRatio);
  return ratios.map((r, i) => {
    const partner = i % 2 ? ratios[i - 1] : (ratios[i + 1] ?? UNKNOWN_RATIO);
    return { "--ar": r, "--pair": round(r + partner) } as CSSProperties;
  });
}

/** The width a card's picture is drawn at, for the browser to choose a copy: half the phone, a row's height times its ratio wider. */
export function coverSizes(work: Pick<WorkCardView, "cover">): string {
  return `(min-width: 640px) ${Math.ceil(cardRatio(work) * ROW_HEIGHT_MAX * 1.25)}px, 50vw`;
}
