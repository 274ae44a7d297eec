import { idParam } from "./params.ts";
import type { WorkCardView } from "../../contract/types.ts";

/** The work id in a route's path, or (thrown) the 404 page. */
export const workIdOf = (id: string | undefined) => idParam(id, "作品不存在或已删除");

/** spec §3: a titled work shows its title; otherwise the content serves as the title. */
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
