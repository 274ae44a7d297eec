import type { z } from "zod";
import {
  countFolders,
  deleteFolder,
  findFolder,
  folderCards,
  foldersHolding,
  foldersOf,
  insertFolder,
  setEntry,
  updateFolder,
} from "../../db/queries/folders.ts";
import { findUserById } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { folderLimits } from "../../../contract/shared/limits.ts";
import type { folderSchema } from "../../../contract/folders/schemas.ts";
import type { FolderPageView, FolderView } from "../../../contract/folders/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { markIn } from "./interactions.ts";
import { decodeCursor, keysetPage } from "../paging.ts";
import { screenPlain } from "../moderation/sensitive-words.ts";
import { transact } from "../transaction.ts";
import { cardsFor, PAGE_SIZE } from "./works.ts";
import { nameAndAvatar } from "../people/users.ts";

type FolderRow = NonNullable<Awaited<ReturnType<typeof findFolder>>>;
type FolderInput = z.infer<typeof folderSchema>;

const missing = () => new ApiError("notFound", "收藏夹不存在或未公开");

const view = (r: FolderRow, has?: Set<number>): FolderView => ({
  folderId: r.id,
  name: r.name,
  public: r.public === 1,
  workCount: r.work_count,
  ...(has ? { has: has.has(r.id) } : {}),
});

/** The member's own folder, or refused as missing (whether it exists is nobody else's business). */
async function ownFolder(deps: Deps, user: CurrentUserView, id: number) {
  const row = await findFolder(deps.db, id);
  if (!row || row.user_id !== user.id) throw missing();
  return row;
}

export async function myFolders(deps: Deps, user: CurrentUserView, workId?: number): Promise<FolderView[]> {
  const rows = await foldersOf(deps.db, user.id, false);
  // Most readers have no folder: nothing to look up.
  const has = workId && rows.length ? await foldersHolding(deps.db, user.id, workId) : undefined;
  return rows.map((r) => view(r, has));
}

/** A person's folders as the viewer may see them: the public ones, or all for the person themself. */
export async function foldersOfUser(deps: Deps, userId: number, viewerId?: number): Promise<FolderView[]> {
  return (await foldersOf(deps.db, userId, viewerId !== userId)).map((r) => view(r));
}

export async function folderPage(
  deps: Deps,
  id: number,
  cursor: string | undefined,
  viewer: CurrentUserView | null,
): Promise<FolderPageView> {
  const row = await findFolder(deps.db, id);
  if (!row || (row.public !== 1 && row.user_id !== viewer?.id)) throw missing();
  const owner = await findUserById(deps.db, row.user_id);
  if (!owner) throw missing();
  const rows = await folderCards(deps.db, id, decodeCursor(cursor), PAGE_SIZE);
  const { page, hasMore, cursor: next } = keysetPage(rows, PAGE_SIZE, (r) => r.put_at);
  return {
    folder: view(row),
    user: nameAndAvatar(owner.id, owner),
    works: { results: await cardsFor(deps, page, viewer?.id), cursor: next, hasMore },
  };
}

export async function createFolder(deps: Deps, user: CurrentUserView, input: FolderInput): Promise<FolderView> {
  await screenPlain(deps, { name: input.name }, "收藏夹名称");
  const id = await transact(deps, async ({ trx, now }) => {
    if ((await countFolders(trx, user.id)) >= folderLimits.perMember)
      throw new ApiError("validation", `收藏夹最多${folderLimits.perMember}个`);
    return insertFolder(trx, { user_id: user.id, name: input.name, public: input.public ? 1 : 0, at: now });
  });
  return view((await findFolder(deps.db, id))!);
}

export async function editFolder(deps: Deps, user: CurrentUserView, id: number, input: FolderInput) {
  await ownFolder(deps, user, id);
  await screenPlain(deps, { name: input.name }, "收藏夹名称");
  await updateFolder(deps.db, id, { name: input.name, public: input.public ? 1 : 0, at: deps.now() });
  return view((await findFolder(deps.db, id))!);
}

export async function removeFolder(deps: Deps, user: CurrentUserView, id: number) {
  await ownFolder(deps, user, id);
  // The works stay favorited: a folder is only a way of keeping them.
  await transact(deps, ({ trx }) => deleteFolder(trx, id));
  return { removed: true };
}

/** Puts a work in one of the member's folders, favoriting it with it, or takes it out (it stays favorited). */
export async function putInFolder(deps: Deps, user: CurrentUserView, id: number, workId: number, on: boolean) {
  await ownFolder(deps, user, id);
  return transact(deps, async (tx) => {
    if (on) await markIn(tx, "favorites", "favorite_count", user.id, workId, true);
    await setEntry(tx.trx, id, workId, on, tx.now);
    const row = (await findFolder(tx.trx, id))!;
    return { has: on, workCount: row.work_count };
  });
}
