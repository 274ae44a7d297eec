import { idParam } from "./params.ts";
import type { Numbered, Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import { pack, type Packed } from "../speed/packed.ts";

/** The work id in a route's path, or (thrown) the 404 page. */
export const workIdOf = (id: string | undefined) => idParam(id, "作品不存在或已删除");

/** A page of cards as loaders hand it on: its cards packed into one string (app/speed/packed.ts). */
export type PackedCards<P extends { results: WorkCardView[] }> = Omit<P, "results"> & {
  results: Packed<WorkCardView[]>;
};
export type CardPage = PackedCards<Page<WorkCardView>>;
export type CardPages = PackedCards<Numbered<WorkCardView>>;

export const packedCards = <P extends { results: WorkCardView[] }>(page: P): PackedCards<P> => ({
  ...page,
  results: pack(page.results),
});

/** requirements §3: a titled work shows its title; otherwise the content serves as the title. */
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

/** The id of the like and favorite buttons' row on a work page: where a post without JavaScript comes back to. */
export const MARKS_ANCHOR = "marks";
