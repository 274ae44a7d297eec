import type { Generated } from "kysely";

export type UploadTable = {
  id: Generated<number>;
  user_id: number;
  kind: string;
  url: string;
  width: Generated<number>;
  height: Generated<number>;
  duration: Generated<number>;
  bytes: Generated<number>;
  /** JSON: thumbnail width → URL. */
  variants: Generated<string>;
  /** AiLabel its metadata claims (IPTC/XMP DigitalSourceType, an AIGC field): the least a work using it is labelled. */
  ai_floor: Generated<number>;
  /** As its work says (1 until one says otherwise): its files are served with X-Robots-Tag: noai, noimageai. */
  noai: Generated<number>;
  /** 1: its work does not offer the largest file, which is then not served (the thumbnails are). */
  withheld: Generated<number>;
  /** JSON: the watermarked display files made from this picture (api/services/works/watermark.ts). */
  marked: Generated<string>;
  /** 1: its work is watermarked, so only the marked display files are served (the rest, original included, are not). */
  watermarked: Generated<number>;
  /** 1: a commission's delivered picture, served only to its two parties (api/services/commissions). */
  private: Generated<number>;
  created_at: number;
};
