import { endpoints } from "../lib/endpoint.ts";
import { folders } from "../../contract/folders/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import {
  createFolder,
  editFolder,
  folderPage,
  foldersOfUser,
  myFolders,
  putInFolder,
  removeFolder,
} from "../services/works/folders.ts";

/** Favorite folders: their owner makes, renames, fills and deletes them; public ones anyone reads. */
export const folderRoutes = endpoints()
  .answer(folders.mine, async (c) => myFolders(c.deps, requireUser(c), c.input.query.workId))
  .answer(folders.ofUser, async (c) => foldersOfUser(c.deps, c.input.params.userId, c.user?.id))
  .answer(folders.create, async (c) => createFolder(c.deps, requireUser(c), c.input.body))
  .answer(folders.one, async (c) => folderPage(c.deps, c.input.params.id, c.input.query.cursor, c.user))
  .answer(folders.update, async (c) => editFolder(c.deps, requireUser(c), c.input.params.id, c.input.body))
  .answer(folders.remove, async (c) => removeFolder(c.deps, requireUser(c), c.input.params.id))
  .answer(folders.put, async (c) => {
    const { body } = c.input;
    return putInFolder(c.deps, requireUser(c), c.input.params.id, body.workId, body.on);
  }).all;
