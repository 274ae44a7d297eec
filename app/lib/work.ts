import type { WorkCardView } from "../../api/types.ts";

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
