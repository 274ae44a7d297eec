import { markedWorkIds } from "../../db/queries/interactions.ts";
import { listFollowedWorks } from "../../db/queries/following.ts";
import {
  findWork,
  listWorks,
  tagsOfWork,
  pinnedWorks,
  type WorkFilter,
  type WorkListQuery,
  type WorkOrder,
  type WorkRow,
} from "../../db/queries/works.ts";
import { ApiError } from "../../lib/errors.ts";
import { isStaff } from "../../../contract/shared/roles.ts";
import { plainText } from "../../lib/plain-text.ts";
import { WorkStatus, WorkType, type ContentStatus, type WorkTypeValue } from "../../../contract/shared/kinds.ts";
import { AiLabel, type AiLabelValue, type LicenseKey, type WatermarkCorner } from "../../../contract/works/rights.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { WorkCardView, WorkDetailView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { editableWork } from "./publish.ts";
import { bodyOf } from "./body.ts";
import { picturesOf } from "./pictures.ts";
import { authorOf, userRef } from "../people/users.ts";
import { decodeCursor, keysetPage } from "../paging.ts";

export const PAGE_SIZE = 24;
/** At most this many pinned works head a node's page. */
const PINNED_MAX = 6;

/** Plain text of the first lines, for cards of works that have no title of their own. */
export function excerpt(text: string, max = 120): string {
  const plain = plainText(text);
  return plain.length > max ? plain.slice(0, max) + "…" : plain;
}

/** A row as a card draws it (contract WorkCardView): nothing the card does not show. */
export function toCard(row: WorkRow, liked: boolean, { images, cover } = picturesOf(row)): WorkCardView {
  const type = row.type as WorkTypeValue;
  const card: WorkCardView = {
    artId: row.id,
    type,
    title: row.title,
    // Its opening lines (a project's or link's own summary first): an untitled work shows them as its title, a card
    // without a picture as its face.
    summary: row.summary || excerpt(row.text_head),
    cover,
    imageCount: images.length,
    user: authorOf(row.user_id, row),
    node: row.node_id && row.node_name ? { nodeId: row.node_id, name: row.node_name } : null,
    likeCount: row.like_count,
    liked,
    createdAt: row.created_at,
  };
  if (cover && (row.cover_x !== 50 || row.cover_y !== 50)) card.focus = [row.cover_x, row.cover_y];
  if (type === WorkType.link) card.url = row.url;
  if (type === WorkType.music) card.duration = row.duration;
  if (row.ai_label === AiLabel.assisted || row.ai_label === AiLabel.generated) card.ai = row.ai_label;
  if (row.repost) card.repost = true;
  if (row.original_verified) card.original = true;
  return card;
}

/** A row's card as everyone sees it (not liked), made once per row: the listing cache hands the same rows to all. */
const sharedCards = new WeakMap<WorkRow, Readonly<WorkCardView>>();
function sharedCard(row: WorkRow): Readonly<WorkCardView> {
  let card = sharedCards.get(row);
  if (!card) sharedCards.set(row, (card = Object.freeze(toCard(row, false))));
  return card;
}

/** Rows as cards, each marked liked or not for the viewer (one query for the lot). */
export async function cardsFor(deps: Deps, rows: WorkRow[], viewerId?: number): Promise<WorkCardView[]> {
  const liked = viewerId
    ? await markedWorkIds(
        deps.db,
        "likes",
        viewerId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return rows.map((r) => (liked.has(r.id) ? { ...sharedCard(r), liked: true } : sharedCard(r)));
}

/** A list's rows from the listing cache, keyed by everything that selects them. */
export function sharedWorks(deps: Deps, query: WorkListQuery): Promise<WorkRow[]> {
  const { after, ...rest } = query;
  const key = JSON.stringify(["works", rest, after ? [after.key, after.id] : null]);
  return deps.listings.rows(key, () => listWorks(deps.db, query));
}

export type ListInput = WorkFilter & { order: WorkOrder; following?: boolean; cursor?: string; limit?: number };

export async function listWorkCards(deps: Deps, input: ListInput, viewerId?: number): Promise<Page<WorkCardView>> {
  const limit = Math.min(Math.max(input.limit ?? PAGE_SIZE, 1), 60);
  if (input.following && !viewerId) throw new ApiError("notSignedIn");
  // A node's own newest list starts with the works an admin pinned to its top, and lists them only there.
  const nodeTop =
    input.order === "created" &&
    !!input.nodeId &&
    !input.following &&
    !input.userId &&
    !input.tagId &&
    input.type === undefined;
  const query = {
    unpinned: nodeTop,
    order: input.order,
    nodeId: input.nodeId,
    userId: input.userId,
    type: input.type,
    tagId: input.tagId,
    after: decodeCursor(input.cursor),
    limit,
  };
  // Everyone's lists come from the listing cache; a following feed is one person's own.
  const rows =
    input.following && viewerId
      ? await listFollowedWorks(deps.db, { ...query, followerId: viewerId })
      : await sharedWorks(deps, query);
  const { page, hasMore, cursor } = keysetPage(rows, limit, (r) => (input.order === "score" ? r.score : r.created_at));
  const pinned =
    nodeTop && !input.cursor
      ? await deps.listings.rows(JSON.stringify(["pinned", input.nodeId]), () =>
          pinnedWorks(deps.db, input.nodeId!, PINNED_MAX),
        )
      : [];
  const cards = await cardsFor(deps, [...pinned, ...page], viewerId);
  return { results: cards.map((card, i) => (i < pinned.length ? { ...card, pinned: true } : card)), cursor, hasMore };
}

/** A hidden work, one held for review or one scheduled is still its author's (with why) and staff's to see. */
export function seesWork(work: { status: number; user_id: number }, viewer?: CurrentUserView | null): boolean {
  if (work.status === WorkStatus.live) return true;
  if (work.status === WorkStatus.deleted) return false;
  return !!viewer && (work.user_id === viewer.id || isStaff(viewer));
}

/** Reading a work changes nothing: a view is counted on its own (viewWork), once per page a person opens. */
export async function getWorkDetail(
  deps: Deps,
  id: number,
  viewer?: CurrentUserView | null,
  forEditing = false,
): Promise<WorkDetailView> {
  const row = await findWork(deps.db, id);
  const viewerId = viewer?.id;
  // A hidden work, or one held for review, is still its author's (with the reason) and staff's to see.
  if (!row || !seesWork(row, viewer)) throw new ApiError("notFound", "作品不存在或已删除");
  const none = Promise.resolve(new Set<number>());
  const [liked, favorited, tags, pendingViews] = await Promise.all([
    viewerId ? markedWorkIds(deps.db, "likes", viewerId, [id]) : none,
    viewerId ? markedWorkIds(deps.db, "favorites", viewerId, [id]) : none,
    tagsOfWork(deps.db, id),
    deps.views.pending(id),
  ]);
  const pictures = picturesOf(row, forEditing);
  const marked = row.type === WorkType.article || row.type === WorkType.project;
  const body = marked ? await bodyOf(deps, row.id, row.content) : { html: "", embeds: [] };
  // The card, and what the page has beyond it: the whole summary, the address and length of any kind, the counts.
  return {
    ...toCard(row, liked.has(id), pictures),
    summary: row.summary || excerpt(row.text_head),
    url: row.url,
    duration: row.duration,
    user: userRef(row.user_id, row),
    commentCount: row.comment_count,
    viewCount: row.view_count + pendingViews,
    content: row.content,
    contentHtml: body.html,
    embeds: body.embeds,
    images: pictures.images,
    logo: row.logo,
    audio: row.audio,
    favoriteCount: row.favorite_count,
    favorited: favorited.has(id),
    recommended: row.recommended_at > 0,
    recommendReason: row.recommend_reason,
    tips: { count: row.tip_count, total: row.tip_total },
    tags: tags.map((t) => ({ tagId: t.id, name: t.name })),
    updatedAt: row.updated_at,
    state:
      row.status === WorkStatus.live
        ? null
        : {
            status: row.status as ContentStatus,
            reason: row.status_reason,
            ...(row.status === WorkStatus.scheduled ? { publishAt: Number(row.publish_at) } : {}),
          },
    rights: {
      license: row.license as LicenseKey,
      source: row.source_url ? { url: row.source_url, author: row.source_author } : null,
      ai: row.ai_label as AiLabelValue,
      aiFloor: row.ai_floor as AiLabelValue,
      noai: row.noai === 1,
      offerOriginal: row.offer_original === 1,
      watermark: row.watermark ? { corner: row.watermark as WatermarkCorner, opacity: row.watermark_opacity } : null,
    },
  };
}

/** Counts one view of a live work and answers the work as it now stands (one call for the page that opens it). */
export async function viewWork(
  deps: Deps,
  id: number,
  viewer: CurrentUserView | null | undefined,
  ip: string,
): Promise<WorkDetailView> {
  const work = await getWorkDetail(deps, id, viewer);
  // Only a live work counts views, each viewer once a period; one out of sight is answered without counting.
  if (!work.state && (await deps.views.firstLook(id, viewer ? `u${viewer.id}` : `ip:${ip}`))) {
    deps.views.add(id);
    work.viewCount++;
  }
  return work;
}

/** A visitor's view of a live work whose stored page was served (server/speed/stored-pages): the same rule, no read. */
export async function countVisitorView(deps: Deps, id: number, ip: string): Promise<void> {
  if (await deps.views.firstLook(id, `ip:${ip}`)) deps.views.add(id);
}

/** The work as its edit form needs it, for its author or staff only; opening the form is not a view. */
export async function getEditableWork(deps: Deps, user: CurrentUserView, id: number): Promise<WorkDetailView> {
  await editableWork(deps, user, id);
  return getWorkDetail(deps, id, user, true);
}
