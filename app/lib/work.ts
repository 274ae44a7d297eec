import { idParam } from "./params.ts";
import type { Numbered, Page, UserView, WorkCardView } from "../../contract/types.ts";
import { pack, type Packed } from "./packed.ts";
import { WorkType } from "../../contract/kinds.ts";

/** The work id in a route's path, or (thrown) the 404 page. */
export const workIdOf = (id: string | undefined) => idParam(id, "作品不存在或已删除");

/**
 * A work as a card shows it, and no more: the API's card carries counts and fields a card never draws, and a
 * listing's loader data is written into the page once more as a script (issue 13: loader data only what the
 * page renders).
 */
export type CardShown = Pick<
  WorkCardView,
  "artId" | "type" | "title" | "summary" | "cover" | "imageCount" | "node" | "likeCount" | "liked" | "createdAt"
> &
  Partial<Pick<WorkCardView, "url" | "duration" | "pinned">> & { user: UserShown };

/** A person as a small avatar beside their name (a card's author, who to follow). */
export type UserShown = Pick<UserView, "id" | "nickname"> & Partial<Pick<UserView, "username" | "smallAvatar">>;

export function shownUser(u: Pick<UserView, "id" | "nickname" | "username" | "avatar" | "smallAvatar">): UserShown {
  // A small avatar: the small picture, else the large one.
  const user: UserShown = { id: u.id, nickname: u.nickname, smallAvatar: u.smallAvatar || u.avatar };
  // The letter avatar and the name fall back to the username only when there is no nickname.
  if (!u.nickname) user.username = u.username;
  return user;
}

export function shownCard(w: WorkCardView): CardShown {
  const card: CardShown = {
    artId: w.artId,
    type: w.type,
    title: w.title,
    // A titled post shows no summary; an untitled work shows its summary as the title.
    summary: w.title && w.type === WorkType.post ? "" : w.summary,
    cover: w.cover,
    imageCount: w.imageCount,
    node: w.node,
    likeCount: w.likeCount,
    liked: w.liked,
    createdAt: w.createdAt,
    user: shownUser(w.user),
  };
  if (w.type === WorkType.link) card.url = w.url;
  if (w.type === WorkType.music) card.duration = w.duration;
  if (w.pinned) card.pinned = true;
  return card;
}

/** A page of cards as loaders hand it on: trimmed to what they show, and packed (a page of 24 is some 350 values). */
export type Shown<P extends { results: WorkCardView[] }> = Omit<P, "results"> & { results: Packed<CardShown[]> };
export type CardPage = Shown<Page<WorkCardView>>;
export type CardPages = Shown<Numbered<WorkCardView>>;

export const shownPage = <P extends { results: WorkCardView[] }>(page: P): Shown<P> => ({
  ...page,
  results: pack(page.results.map(shownCard)),
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
