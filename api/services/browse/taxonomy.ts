import { listNodes } from "../../db/queries/nodes.ts";
import {
  findNode,
  insertNode,
  lastSortNo,
  mergeTagRows,
  nodeNamed,
  renameTag as renameTagRow,
  searchTags,
  tagByKey,
  updateNode,
  workIdsOfNode,
  workIdsOfTag,
} from "../../db/queries/taxonomy.ts";
import { findTag } from "../../db/queries/tags.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import type { AdminNodeView } from "../../../contract/admin/views.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { TagView } from "../../../contract/site/views.ts";
import { ADMIN_PAGE, numbered } from "../admin/admin-paging.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";
import { indexWorks } from "../search/search-index.ts";

/** Nodes and tags as the admin area edits them. */

const BATCH = 200;
async function reindex(deps: Deps, trx: Deps["db"], ids: number[]) {
  for (let i = 0; i < ids.length; i += BATCH) await indexWorks(trx, deps.dialect, ids.slice(i, i + BATCH));
}

export async function adminNodes(deps: Deps): Promise<AdminNodeView[]> {
  return (await listNodes(deps.db, { withHidden: true })).map((n) => ({
    nodeId: n.id,
    name: n.name,
    description: n.description,
    logo: n.logo,
    sortNo: n.sort_no,
    hidden: n.hidden === 1,
    workCount: n.work_count,
  }));
}

type NodeInput = { name: string; description: string; logo: string };

export async function createNode(deps: Deps, staff: CurrentUserView, input: NodeInput) {
  if (await nodeNamed(deps.db, input.name)) throw fieldError("validation", "name", "已有同名节点");
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const id = await insertNode(trx, { ...input, sort_no: (await lastSortNo(trx)) + 1, created_at: now });
    await audit(trx, now, { actorId: staff.id, action: "node.create", targetKind: "node", targetId: id, after: input });
    return { nodeId: id };
  });
}

async function node(deps: Deps, id: number) {
  const n = await findNode(deps.db, id);
  if (!n) throw new ApiError("notFound", "节点不存在");
  return n;
}

/** A renamed node's works are indexed again: search reads their node's name. */
export async function editNode(deps: Deps, staff: CurrentUserView, id: number, input: NodeInput) {
  const before = await node(deps, id);
  const clash = await nodeNamed(deps.db, input.name);
  if (clash && clash.id !== id) throw fieldError("validation", "name", "已有同名节点");
  await deps.db.transaction().execute(async (trx) => {
    await updateNode(trx, id, input);
    if (before.name !== input.name) await reindex(deps, trx, await workIdsOfNode(trx, id));
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "node.update",
      targetKind: "node",
      targetId: id,
      before: { name: before.name, description: before.description, logo: before.logo },
      after: input,
    });
  });
  return { nodeId: id };
}

/** Swaps a node with its neighbour in the order the site lists them. */
export async function moveNode(deps: Deps, staff: CurrentUserView, id: number, direction: "up" | "down") {
  await node(deps, id);
  const all = await listNodes(deps.db, { withHidden: true });
  const at = all.findIndex((n) => n.id === id);
  const other = all[direction === "up" ? at - 1 : at + 1];
  if (!other) throw new ApiError("validation", direction === "up" ? "已经是第一个了" : "已经是最后一个了");
  await deps.db.transaction().execute(async (trx) => {
    // Positions are renumbered 1..n so equal sort numbers left by older data cannot stall a swap.
    const order = all.map((n) => n.id);
    [order[at], order[all.indexOf(other)]] = [order[all.indexOf(other)], order[at]];
    for (const [i, nodeId] of order.entries()) await updateNode(trx, nodeId, { sort_no: i + 1 });
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "node.move",
      targetKind: "node",
      targetId: id,
      before: at + 1,
      after: order.indexOf(id) + 1,
    });
  });
  return { nodeId: id };
}

/** A hidden node leaves the node lists and the publish form; its works stay, and its page still opens. */
export async function setNodeHidden(deps: Deps, staff: CurrentUserView, id: number, hidden: boolean) {
  await node(deps, id);
  await deps.db.transaction().execute(async (trx) => {
    await updateNode(trx, id, { hidden: hidden ? 1 : 0 });
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: hidden ? "node.hide" : "node.show",
      targetKind: "node",
      targetId: id,
    });
  });
  return { hidden };
}

export async function adminTags(deps: Deps, q: { q: string; page: number }): Promise<Numbered<TagView>> {
  const { rows, total } = await searchTags(deps.db, q.q, (q.page - 1) * ADMIN_PAGE, ADMIN_PAGE);
  return numbered(
    rows.map((t) => ({ tagId: t.id, name: t.name, workCount: t.work_count })),
    total,
    q.page,
  );
}

async function tag(deps: Deps, id: number) {
  const t = await findTag(deps.db, id);
  if (!t) throw new ApiError("notFound", "标签不存在");
  return t;
}

export async function renameTag(deps: Deps, staff: CurrentUserView, id: number, name: string) {
  const before = await tag(deps, id);
  const clash = await tagByKey(deps.db, name.toLowerCase());
  if (clash && clash.id !== id) throw fieldError("validation", "name", `已有标签“${clash.name}”，请用合并`);
  await deps.db.transaction().execute(async (trx) => {
    await renameTagRow(trx, id, name);
    await reindex(deps, trx, await workIdsOfTag(trx, id));
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "tag.rename",
      targetKind: "tag",
      targetId: id,
      before: before.name,
      after: name,
    });
  });
  return { tagId: id, name };
}

/** Merges a tag into another: its works and tastes move over and it is gone. */
export async function mergeTag(deps: Deps, staff: CurrentUserView, id: number, into: number) {
  if (id === into) throw fieldError("validation", "into", "不能把标签合并到它自己");
  const from = await tag(deps, id);
  const target = await tag(deps, into).catch(() => {
    throw fieldError("notFound", "into", "目标标签不存在");
  });
  await deps.db.transaction().execute(async (trx) => {
    const works = await workIdsOfTag(trx, id);
    await mergeTagRows(trx, id, into);
    await reindex(deps, trx, works);
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "tag.merge",
      targetKind: "tag",
      targetId: into,
      before: `${from.name}（${from.work_count}）`,
      after: target.name,
    });
  });
  return { tagId: into };
}
