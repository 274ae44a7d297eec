import { z } from "zod";
import { endpoints } from "../lib/endpoint.ts";
import { folders } from "../../contract/folders/endpoints.ts";
import { folderSchema, folderWorkSchema } from "../../contract/folders/schemas.ts";
import { requireUser } from "../lib/auth.ts";
import { id, optionalId, parse, parseBody, parseQuery } from "../lib/validate.ts";
import {
  createFolder,
  editFolder,
  folderPage,
  foldersOfUser,
  myFolders,
  putInFolder,
  removeFolder,
} from "../services/works/folders.ts";

const folderId = id("收藏夹");
const userId = id("用户");
const mineQuery = z.object({ workId: optionalId("作品") });
const pageQuery = z.object({ cursor: z.string().max(200).optional() });

/** Favorite folders: their owner makes, renames, fills and deletes them; public ones anyone reads. */
export const folderRoutes = endpoints()
  .answer(folders.mine, async (c) => myFolders(c.deps, requireUser(c), parseQuery(c, mineQuery).workId))
  .answer(folders.ofUser, async (c) => foldersOfUser(c.deps, parse(userId, c.params.userId), c.user?.id))
  .answer(folders.create, async (c) => createFolder(c.deps, requireUser(c), await parseBody(c, folderSchema)))
  .answer(folders.one, async (c) =>
    folderPage(c.deps, parse(folderId, c.params.id), parseQuery(c, pageQuery).cursor, c.user),
  )
  .answer(folders.update, async (c) =>
    editFolder(c.deps, requireUser(c), parse(folderId, c.params.id), await parseBody(c, folderSchema)),
  )
  .answer(folders.remove, async (c) => removeFolder(c.deps, requireUser(c), parse(folderId, c.params.id)))
  .answer(folders.put, async (c) => {
    const body = await parseBody(c, folderWorkSchema);
    return putInFolder(c.deps, requireUser(c), parse(folderId, c.params.id), body.workId, body.on);
  }).all;
