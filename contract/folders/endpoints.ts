import { get, post } from "../shared/endpoint.ts";
import type { FolderPageView, FolderView } from "./views.ts";

/**
 * Favorite folders (收藏夹, api/routes/folders.ts). A work in a folder is favorited; unfavoriting a work takes it out
 * of every folder. A private folder is its owner's alone.
 */
export const folders = {
  /** The signed-in member's folders; with `workId`, whether that work is in each. */
  mine: get<FolderView[]>()("/favorites/folders"),
  /** A person's folders others may see (all of them for the person themself). */
  ofUser: get<FolderView[]>()("/favorites/folders/of/:userId"),
  one: get<FolderPageView>()("/favorites/folder/:id"),
  create: post<FolderView>()("/favorites/folder/create"),
  update: post<FolderView>()("/favorites/folder/:id/update"),
  remove: post<{ removed: boolean }>()("/favorites/folder/:id/delete"),
  put: post<{ has: boolean; workCount: number }>()("/favorites/folder/:id/put"),
};
