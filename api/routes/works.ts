import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { artIdParam, id, optionalText, parseBody } from "../lib/validate.ts";
import { createWork, deleteWork, updateWork, type WorkInput } from "../services/publish.ts";
import { WorkType, type WorkTypeValue } from "../../contract/kinds.ts";
import { CONTENT_MAX, contentLabel, contentLimit, workLimits } from "../../contract/limits.ts";

const limits = workLimits;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

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

export const workSchema = z
  .object({
    type: z.coerce.number({ error: "作品类型无效" }).int("作品类型无效").min(0, "作品类型无效").max(4, "作品类型无效"),
    nodeId: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), id("节点").optional()),
    title: optionalText("标题", limits.title),
    summary: optionalText("简介", limits.summary),
    content: optionalText("内容", CONTENT_MAX),
    url: optionalText("链接", limits.url),
    tags: z.preprocess(
      splitTags,
      z
        .array(z.string().max(limits.tag, `每个标签不能超过${limits.tag}个字符`))
        .max(limits.tags, `标签最多${limits.tags}个`),
    ),
    images: z.preprocess(
      jsonList,
      z
        .array(z.object({ url: z.string().max(300), alt: optionalText("图片说明", limits.alt) }), {
          error: "图片信息格式不正确",
        })
        .max(limits.images, `最多${limits.images}张图片`),
    ),
    cover: optionalText("封面", 300),
    logo: optionalText("项目图标", 300),
    audio: optionalText("音频", 300),
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
  });

const toInput = (w: z.output<typeof workSchema>): WorkInput => ({
  ...w,
  type: w.type as WorkInput["type"],
  nodeId: w.nodeId ?? 0,
});

export const workRoutes = new Hono<ApiEnv>()
  .post("/create", async (c) => {
    const user = requireUser(c);
    return ok(c, await createWork(c.get("deps"), user, toInput(await parseBody(c, workSchema))));
  })
  .post("/update/:id", async (c) => {
    const user = requireUser(c);
    return ok(c, await updateWork(c.get("deps"), user, artIdParam(c), toInput(await parseBody(c, workSchema))));
  })
  .post("/delete/:id", async (c) => {
    const user = requireUser(c);
    await deleteWork(c.get("deps"), user, artIdParam(c));
    return ok(c, null);
  });
