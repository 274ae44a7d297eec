import { z } from "zod";
import { checkbox, cursor, id, isHttpUrl, optionalId, optionalText, pageNumber, text } from "../shared/fields.ts";
import { chinaMinuteToMs } from "../shared/china-time.ts";
import { WorkType, type WorkTypeValue } from "../shared/kinds.ts";
import { CONTENT_MAX, commentLimits, contentLabel, contentLimit, workLimits } from "../shared/limits.ts";
import { AiLabel, aiLabels, licenseKeys, sourceLimits, watermarkCornerKeys, watermarkOpacities } from "./rights.ts";

/** Publishing and commenting: the forms the API parses and the web takes its fields' limits from (fieldRules). */

const jsonList = (v: unknown) => {
  if (typeof v !== "string") return v ?? [];
  if (!v.trim()) return [];
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
};

/** Tags come as "水彩, 风景 #猫" or a list: split on commas, spaces and #; the first spelling of a name wins. */
export function splitTags(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.flatMap((s) => s.split(/[,，、;；\s#]+/))) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

/** A yes or no as a form sends it ("1", "0", "on") or JSON does; absent or empty: the member's default applies. */
const optionalFlag = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v === "1" || v === "on" || v === "true" || v === true || v === 1),
  z.boolean().optional(),
);
const blankIsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);

/** What may be done with a work (contract/works/rights.ts). A repost's licence, if sent, is not kept: its source's holds. */
const rightsFields = {
  license: z.preprocess(blankIsAbsent, z.enum(licenseKeys, { error: "许可协议无效" }).optional()),
  origin: z.preprocess(
    blankIsAbsent,
    z.enum(["original", "repost"], { error: "请选择原创或转载" }).default("original"),
  ),
  sourceUrl: optionalText("原文链接", sourceLimits.url),
  sourceAuthor: optionalText("原作者", sourceLimits.author),
  aiLabel: z.preprocess(
    (v) => blankIsAbsent(v) ?? AiLabel.none,
    z.coerce.number({ error: "AI 标注无效" }).pipe(
      z.union(
        aiLabels.map((l) => z.literal(l.value)),
        { error: "AI 标注无效" },
      ),
    ),
  ),
  noai: optionalFlag,
  offerOriginal: optionalFlag,
  /** A corner for the watermark, or "none"; absent keeps what stands. */
  watermark: z.preprocess(
    blankIsAbsent,
    z.enum(["none", ...watermarkCornerKeys], { error: "水印位置无效" }).optional(),
  ),
  watermarkOpacity: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: "水印浓淡无效" })
      .pipe(
        z.union(
          watermarkOpacities.map((o) => z.literal(o.value)),
          { error: "水印浓淡无效" },
        ),
      )
      .optional(),
  ),
};

/** Where a card crops the cover: a whole percent; absent keeps what stands (the centre for a new work). */
const coverFocus = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ error: "封面裁切位置无效" })
    .int("封面裁切位置无效")
    .min(0, "封面裁切位置无效")
    .max(100, "封面裁切位置无效")
    .optional(),
);

export const workSchema = z
  .object({
    type: z.coerce.number({ error: "作品类型无效" }).int("作品类型无效").min(0, "作品类型无效").max(4, "作品类型无效"),
    nodeId: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), id("节点").optional()),
    title: optionalText("标题", workLimits.title, { line: true }),
    summary: optionalText("简介", workLimits.summary),
    content: optionalText("内容", CONTENT_MAX),
    url: optionalText("链接", workLimits.url),
    tags: z.preprocess(
      splitTags,
      z
        .array(z.string().max(workLimits.tag, `每个标签不能超过${workLimits.tag}个字符`))
        .max(workLimits.tags, `标签最多${workLimits.tags}个`),
    ),
    images: z.preprocess(
      jsonList,
      z
        .array(z.object({ url: z.string().max(300), alt: optionalText("图片说明", workLimits.alt) }), {
          error: "图片信息格式不正确",
        })
        .max(workLimits.images, `最多${workLimits.images}张图片`),
    ),
    /** 定时发布: a China-time minute (contract/shared/china-time.ts) a new work goes out at; blank for now. */
    publishAt: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .transform(
          (v, ctx) =>
            chinaMinuteToMs(v) ?? (ctx.addIssue({ code: "custom", message: "定时发布时间格式不正确" }), z.NEVER),
        )
        .optional(),
    ),
    /** The member's draft this publishes: it goes once the work is saved. */
    draftId: optionalId("草稿"),
    cover: optionalText("封面", 300),
    coverX: coverFocus,
    coverY: coverFocus,
    logo: optionalText("项目图标", 300),
    audio: optionalText("音频", 300),
    ...rightsFields,
  })
  .superRefine((w, ctx) => {
    const need = (path: keyof typeof w, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!w.nodeId) need("nodeId", "请选择节点");
    const max = contentLimit[w.type as WorkTypeValue];
    if (w.type !== WorkType.link && w.content.length > max)
      need("content", `${contentLabel[w.type as WorkTypeValue]}不能超过${max}个字符`);
    if (w.type === WorkType.post) {
      if (!w.content) need("content", "请输入内容");
    } else if (!w.title) need("title", "请输入标题");
    if (w.type === WorkType.article && !w.content) need("content", "请输入正文");
    if (w.type === WorkType.project || w.type === WorkType.link) {
      if (!w.url) need("url", "请输入链接");
      else if (!isHttpUrl(w.url)) need("url", "链接需以 http:// 或 https:// 开头");
    }
    if (w.origin === "repost") {
      if (!w.sourceUrl) need("sourceUrl", "转载请填写原文链接");
      else if (!isHttpUrl(w.sourceUrl)) need("sourceUrl", "原文链接需以 http:// 或 https:// 开头");
      if (!w.sourceAuthor) need("sourceAuthor", "转载请填写原作者");
    }
  });

export const commentSchema = z.object({
  workId: id("作品编号"),
  content: text("评论内容", { max: commentLimits.content }),
  replyTo: optionalId("回复的评论"),
});

/** A work's id in a path. */
export const workParams = { id: id("作品编号") };

const kind = z.coerce
  .number({ error: "作品类型无效" })
  .int("作品类型无效")
  .min(0, "作品类型无效")
  .max(4, "作品类型无效")
  .optional();

/** The numbered listings' query (`/projects/:page`). */
export const workPagesQuery = z.object({
  type: kind,
  tagId: optionalId("标签"),
  nodeId: optionalId("节点"),
  page: pageNumber,
});

/** The lists by cursor: recommended, newest or different, narrowed by kind, tag, node, author or those followed. */
export const workListQuery = z.object({
  order: z.enum(["recommend", "newest", "different"], { error: "排序方式无效" }).default("recommend"),
  type: kind,
  tagId: optionalId("标签"),
  nodeId: optionalId("节点"),
  userId: optionalId("用户"),
  following: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1"),
  cursor,
  limit: z.coerce.number().int().min(1).max(60).optional(),
});

export const commentListQuery = z.object({ workId: id("作品编号"), cursor });
export const commentParams = { id: id("评论编号") };
export const commentLikeSchema = z.object({ commentId: id("评论编号"), on: checkbox });
