import { get, post, raw } from "../shared/endpoint.ts";
import type { Numbered, Page } from "../shared/page.ts";
import type { PersonView } from "../people/views.ts";
import type { NodeView } from "../site/views.ts";
import type { WorkCardView, WorkDetailView } from "./views.ts";
import type { WorkPageView } from "./work-page.ts";

export type LikeState = { liked: boolean; likeCount: number };
export type FavoriteState = { favorited: boolean; favoriteCount: number };
export type Published = { artId: number };

/** Works: the lists, one work, its marks, and publishing (api/routes/works.ts). */
export const works = {
  nodes: get<NodeView[]>()("/art/nodes"),
  /** By cursor: recommended (the default), newest, or different. */
  list: get<Page<WorkCardView>>()("/art/list"),
  /** By page number: the numbered listings (`/projects/:page`). */
  pages: get<Numbered<WorkCardView>>()("/art/pages"),
  like: post<LikeState>()("/art/like/:id"),
  unlike: post<LikeState>()("/art/unlike/:id"),
  favorite: post<FavoriteState>()("/art/favorite/:id"),
  unfavorite: post<FavoriteState>()("/art/unfavorite/:id"),
  /** 喜欢的人: the people who liked a work, latest first. */
  likers: get<Page<PersonView>>()("/art/likers/:id"),
  /** Opening a work's page: one view counted (in memory first), and the page in the same answer. */
  view: post<WorkPageView>()("/art/view/:id", { reads: true }),
  /** The work for its edit form (its author or staff). */
  editable: get<WorkDetailView>()("/art/edit/:id"),
  create: post<Published>()("/art/create"),
  update: post<Published>()("/art/update/:id"),
  delete: post<null>()("/art/delete/:id"),
  /** The work's share poster, a PNG (its page's og:image too). */
  poster: raw("/art/poster/:id"),
  /** The work as its page shows it, with its series and the reader's folders. */
  detail: get<WorkPageView>()("/art/:id"),
};
