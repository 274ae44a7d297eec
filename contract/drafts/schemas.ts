import { z } from "zod";
import { optionalId, optionalText } from "../shared/fields.ts";
import { CONTENT_MAX, draftLimits, workLimits } from "../shared/limits.ts";
import { sourceLimits } from "../works/rights.ts";

/**
 * A draft holds the publish form as it was typed, unchecked but for its size: it becomes a work only through the
 * publish form and workSchema. Each field's most, as the form allows it.
 */
const fieldMax = {
  type: 2,
  nodeId: 15,
  title: workLimits.title,
  summary: workLimits.summary,
  content: CONTENT_MAX,
  url: workLimits.url,
  tags: workLimits.tagsField,
  images: draftLimits.images,
  cover: 300,
  publishAt: 16,
  coverX: 3,
  coverY: 3,
  audio: 300,
  logo: 300,
  origin: 10,
  sourceUrl: sourceLimits.url,
  sourceAuthor: sourceLimits.author,
  license: 20,
  aiLabel: 2,
  noai: 2,
  offerOriginal: 2,
  watermark: 10,
  watermarkOpacity: 3,
} as const;

export type DraftField = keyof typeof fieldMax;
export const draftFields = Object.keys(fieldMax) as DraftField[];

export const draftSchema = z.object({
  draftId: optionalId("草稿"),
  workId: optionalId("作品"),
  ...(Object.fromEntries(draftFields.map((f) => [f, optionalText("草稿内容", fieldMax[f])])) as Record<
    DraftField,
    ReturnType<typeof optionalText>
  >),
});
