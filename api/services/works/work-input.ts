import type { AiLabelValue, LicenseKey, WatermarkCorner } from "../../../contract/works/rights.ts";
import type { WorkTypeValue } from "../../../contract/shared/kinds.ts";
import type { Deps } from "../deps.ts";
import { screen, screenPlain } from "../moderation/sensitive-words.ts";

/** What the publish form sends, already checked for shape and length at the API edge (routes/works.ts). */
export type WorkInput = {
  type: WorkTypeValue;
  nodeId: number;
  title: string;
  summary: string;
  content: string;
  url: string;
  tags: string[];
  images: { url: string; alt: string }[];
  cover: string;
  logo: string;
  audio: string;
  /** Rights (contract/works/rights.ts); an absent licence, noai or offerOriginal keeps what stands (the member's default). */
  license?: LicenseKey;
  origin: "original" | "repost";
  sourceUrl: string;
  sourceAuthor: string;
  aiLabel: AiLabelValue;
  noai?: boolean;
  offerOriginal?: boolean;
  /** A corner, or "none"; absent keeps what stands (none for a new work). */
  watermark?: WatermarkCorner | "none";
  watermarkOpacity?: number;
  /** Where cards crop the cover, percent from the left and from the top; absent keeps what stands. */
  coverX?: number;
  coverY?: number;
  /** 定时发布: when a new work goes out (ms). */
  publishAt?: number;
  /** The member's draft this saves: deleted with the same write. */
  draftId?: number;
};

/**
 * The sensitive-word screen over what a work says (sensitive-words.ts): a refused word throws, masked words come
 * back masked, and a word on the review list holds the work.
 */
export async function screenWork(deps: Deps, input: WorkInput) {
  // An address is followed as written: a listed word in it refuses the work rather than being masked.
  await screenPlain(deps, { url: input.url }, "链接");
  const { fields, review } = await screen(deps, {
    title: input.title,
    summary: input.summary,
    content: input.content,
    tags: input.tags,
    alts: input.images.map((i) => i.alt),
  });
  const screened: WorkInput = {
    ...input,
    title: fields.title,
    summary: fields.summary,
    content: fields.content,
    tags: fields.tags,
    images: input.images.map((img, i) => ({ ...img, alt: fields.alts[i] })),
  };
  return { input: screened, held: review ? `含送审词“${review}”` : "" };
}
