import { data } from "react-router";
import type { WorkCardView } from "../../api/types.ts";

/** The work id in a route's path, or (thrown) the 404 page. */
export function workIdOf(id: string | undefined): number {
  if (!id || !/^\d{1,15}$/.test(id)) throw data("作品不存在或已删除", { status: 404 });
  return Number(id);
}

export const workTypeLabel: Record<number, string> = { 0: "文章", 1: "动态", 2: "项目", 3: "链接", 4: "音乐" };

/** SPEC §3: a titled work shows its title; otherwise the content serves as the title. */
export function workTitle(work: Pick<WorkCardView, "title" | "summary">): string {
  return work.title || work.summary || "无标题";
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The five kinds of work, in the order the publish page offers them. */
export const kinds = [
  { type: 1, key: "post", label: "动态", hint: "一段文字，配上最多18张图" },
  { type: 0, key: "article", label: "文章", hint: "有标题的长文，支持 Markdown" },
  { type: 2, key: "project", label: "项目", hint: "工具、作品集、开源项目" },
  { type: 3, key: "link", label: "链接", hint: "值得分享的网站与资源" },
  { type: 4, key: "music", label: "音乐", hint: "MP3、M4A、OGG、FLAC 或 WAV" },
] as const;
