import { get, post, raw } from "../shared/endpoint.ts";
import { cursorQuery } from "../shared/fields.ts";
import { workListQuery, workPagesQuery, workParams as params, workSchema } from "./schemas.ts";
import type { Numbered, Page } from "../shared/page.ts";
import type { PersonView } from "../people/views.ts";
import type { NodeView } from "../site/views.ts";
import type { WorkCardView, WorkDetailView } from "./views.ts";
import type { WorkPageView } from "./work-page.ts";

export type LikeState = { liked: boolean; likeCount: number };
export type FavoriteState = { favorited: boolean; favoriteCount: number };
/** The work saved, and whether a word in it holds it for an admin's review before anyone sees it. */
export type Published = { artId: number; held: boolean };

/** Works: the lists, one work, its marks, and publishing (api/routes/works.ts). */
export const works = {
  nodes: get<NodeView[]>()("/art/nodes", { summary: "全部节点" }),
  /** By cursor: recommended (the default), newest, or different. */
  list: get<Page<WorkCardView>>()("/art/list", { summary: "作品列表（按游标）", query: workListQuery }),
  /** By page number: the numbered listings (`/projects/:page`). */
  pages: get<Numbered<WorkCardView>>()("/art/pages", { summary: "作品列表（按页码）", query: workPagesQuery }),
  like: post<LikeState>()("/art/like/:id", { summary: "喜欢作品", params }),
  unlike: post<LikeState>()("/art/unlike/:id", { summary: "取消喜欢", params }),
  favorite: post<FavoriteState>()("/art/favorite/:id", { summary: "收藏作品", params }),
  unfavorite: post<FavoriteState>()("/art/unfavorite/:id", { summary: "取消收藏", params }),
  /** 喜欢的人: the people who liked a work, latest first. */
  likers: get<Page<PersonView>>()("/art/likers/:id", { summary: "喜欢这件作品的人", params, query: cursorQuery }),
  /** Opening a work's page: one view counted (in memory first), and the page in the same answer. */
  view: post<WorkPageView>()("/art/view/:id", { summary: "打开作品（计一次浏览）", params, reads: true }),
  /** The work for its edit form (its author or staff). */
  editable: get<WorkDetailView>()("/art/edit/:id", { summary: "作品的编辑内容（作者或管理员）", params }),
  create: post<Published>()("/art/create", { summary: "发布作品", body: workSchema }),
  update: post<Published>()("/art/update/:id", { summary: "修改作品", params, body: workSchema }),
  delete: post<null>()("/art/delete/:id", { summary: "删除作品", params }),
  /** The work's share poster, a PNG (its page's og:image too). */
  poster: raw("/art/poster/:id", { summary: "作品分享海报（PNG）", params }),
  /** The work as its page shows it, with its series and the reader's folders. */
  detail: get<WorkPageView>()("/art/:id", { summary: "作品详情", params }),
};
