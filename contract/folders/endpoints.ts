import { get, post } from "../shared/endpoint.ts";
import { z } from "zod";
import { cursorQuery, id, optionalId } from "../shared/fields.ts";
import { folderSchema, folderWorkSchema } from "./schemas.ts";

const params = { id: id("收藏夹") };
import type { FolderPageView, FolderView } from "./views.ts";

/**
 * Favorite folders (收藏夹, api/routes/folders.ts). A work in a folder is favorited; unfavoriting a work takes it out
 * of every folder. A private folder is its owner's alone.
 */
export const folders = {
  /** The signed-in member's folders; with `workId`, whether that work is in each. */
  mine: get<FolderView[]>()("/favorites/folders", {
    summary: "我的收藏夹",
    query: z.object({ workId: optionalId("作品") }),
  }),
  /** A person's folders others may see (all of them for the person themself). */
  ofUser: get<FolderView[]>()("/favorites/folders/of/:userId", {
    summary: "某人公开的收藏夹",
    params: { userId: id("用户") },
  }),
  one: get<FolderPageView>()("/favorites/folder/:id", { summary: "收藏夹里的作品", params, query: cursorQuery }),
  create: post<FolderView>()("/favorites/folder/create", { summary: "新建收藏夹", body: folderSchema }),
  update: post<FolderView>()("/favorites/folder/:id/update", { summary: "修改收藏夹", params, body: folderSchema }),
  remove: post<{ removed: boolean }>()("/favorites/folder/:id/delete", { summary: "删除收藏夹", params }),
  put: post<{ has: boolean; workCount: number }>()("/favorites/folder/:id/put", {
    summary: "把作品放入或移出收藏夹",
    params,
    body: folderWorkSchema,
  }),
};
