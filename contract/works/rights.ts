/**
 * What may be done with a work, as both sides speak of it (issue 35): its licence, whether it is the author's own or
 * a repost, whether AI made it, and whether it may go to an AI at all.
 */

/** The licences an author may choose; a repost has none of its own (its source's terms hold). */
export const licenses = [
  { key: "all-rights", label: "保留所有权利", url: "/protocol" },
  { key: "no-repost", label: "禁止转载", url: "/protocol" },
  { key: "cc-by", label: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/deed.zh-hans" },
  { key: "cc-by-sa", label: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/deed.zh-hans" },
  { key: "cc-by-nc", label: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/deed.zh-hans" },
  {
    key: "cc-by-nc-sa",
    label: "CC BY-NC-SA 4.0",
    url: "https://creativecommons.org/licenses/by-nc-sa/4.0/deed.zh-hans",
  },
  { key: "cc-by-nd", label: "CC BY-ND 4.0", url: "https://creativecommons.org/licenses/by-nd/4.0/deed.zh-hans" },
  {
    key: "cc-by-nc-nd",
    label: "CC BY-NC-ND 4.0",
    url: "https://creativecommons.org/licenses/by-nc-nd/4.0/deed.zh-hans",
  },
  { key: "cc0", label: "CC0 1.0", url: "https://creativecommons.org/publicdomain/zero/1.0/deed.zh-hans" },
] as const;
export type LicenseKey = (typeof licenses)[number]["key"];
export const DEFAULT_LICENSE: LicenseKey = "all-rights";
export const licenseKeys = licenses.map((l) => l.key) as [LicenseKey, ...LicenseKey[]];
export const licenseOf = (key: string) => licenses.find((l) => l.key === key) ?? licenses[0];

/**
 * The author's word on AI, shown as an explicit label on cards and pages: 无, AI 辅助 (made with AI's help), AI 生成
 * (made by AI). A picture whose metadata says it was generated sets the floor, which the author cannot go under.
 */
export const AiLabel = { none: 0, assisted: 1, generated: 2 } as const;
export type AiLabelValue = (typeof AiLabel)[keyof typeof AiLabel];
export const aiLabels = [
  { value: AiLabel.none, label: "无" },
  { value: AiLabel.assisted, label: "AI 辅助" },
  { value: AiLabel.generated, label: "AI 生成" },
] as const;
export const aiBadge: Record<AiLabelValue, string> = { 0: "", 1: "AI 辅助", 2: "AI 生成" };

/** What a work's page and pictures say to crawlers when its author keeps it from AI. */
export const NOAI_ROBOTS = "noai, noimageai";

/** A repost's source: where it was first published, and by whom. */
export const sourceLimits = { url: 500, author: 50 } as const;

/** A watermark on a work's display sizes (never on the stored original): the author's @name in one corner. */
export const watermarkCorners = [
  { key: "se", label: "右下角" },
  { key: "sw", label: "左下角" },
  { key: "ne", label: "右上角" },
  { key: "nw", label: "左上角" },
] as const;
export type WatermarkCorner = (typeof watermarkCorners)[number]["key"];
export const watermarkCornerKeys = watermarkCorners.map((c) => c.key) as [WatermarkCorner, ...WatermarkCorner[]];

/** How strongly it shows, in percent. */
export const watermarkOpacities = [
  { value: 30, label: "淡" },
  { value: 50, label: "中" },
  { value: 70, label: "浓" },
] as const;
export const DEFAULT_WATERMARK_OPACITY = 50;

export type Watermark = { corner: WatermarkCorner; opacity: number };
