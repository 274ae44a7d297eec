import type { Kysely } from "kysely";
import { moveTallies } from "../../db/queries/charts.ts";
import { takeWorkFromAllSeries } from "../../db/queries/series.ts";
import { deleteDraftRow } from "../../db/queries/drafts.ts";
import {
  adjustWorkCount,
  moveWorkStatus,
  ensureTags,
  insertWorkRow,
  nodeOpen,
  rightsOfWork,
  setWorkTags,
  tagIdsOfWork,
  updateWorkRow,
} from "../../db/queries/publish.ts";
import { findLiveWork } from "../../db/queries/interactions.ts";
import { findUserById } from "../../db/queries/users.ts";
import { addMarkedFiles, markUploads, ownedUploads } from "../../db/queries/uploads.ts";
import { marksFor, watermarkOf, type Marks } from "./watermark.ts";
import type { DB } from "../../db/schema.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { WorkStatus, WorkType, type WorkTypeValue } from "../../../contract/shared/kinds.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { ImageView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { assertVerified } from "../signin/ways-in.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import { screenWork, type WorkInput } from "./work-input.ts";
import { countAcross } from "../moderation/moderation.ts";
import { scoreOf } from "../people/standing.ts";
import { isStaff } from "../../../contract/shared/roles.ts";
import {
  AiLabel,
  DEFAULT_LICENSE,
  DEFAULT_WATERMARK_OPACITY,
  type AiLabelValue,
  type LicenseKey,
  type Watermark,
  type WatermarkCorner,
} from "../../../contract/works/rights.ts";
import { notify } from "../inbox/inbox.ts";
import { transact } from "../transaction.ts";
import { takeBackPublishing } from "../scores.ts";
import { checkPublishAt, goLive } from "./schedule.ts";
import { indexWorks } from "../search/search-index.ts";
import { forgetPoster } from "./poster-store.ts";
import { repostColumns, repostSource, type RepostSource } from "./repost.ts";
import { checkOriginals } from "./originals.ts";
import { enterTagged } from "../curation/entries.ts";

/** What stands before this post: the member's defaults for a new work, the work's own for an edit. */
type RightsNow = {
  license: LicenseKey;
  noai: boolean;
  offerOriginal: boolean;
  watermark: Watermark | null;
  focus: [number, number];
};

/** Resolves the client's file URLs to uploads the author owns, so a work cannot borrow someone else's files. */
async function resolveMedia(db: Kysely<DB>, ownerIds: number[], input: WorkInput, marks: Marks = new Map()) {
  const urls = [...input.images.map((i) => i.url), input.logo, input.audio].filter(Boolean);
  const rows = (await Promise.all(ownerIds.map((id) => ownedUploads(db, id, urls)))).flat();
  const byUrl = new Map(rows.map((r) => [r.url, r]));
  const images: ImageView[] = input.images.map((img) => {
    const up = byUrl.get(img.url);
    if (!up || up.kind !== "image") throw fieldError("validation", "images", "图片无效，请重新上传");
    // With a watermark, the display sizes are the marked files; the stored picture stays as it was uploaded.
    const variants = marks.get(up.url)?.variants ?? JSON.parse(up.variants);
    return { url: up.url, width: up.width, height: up.height, alt: img.alt, variants };
  });
  if (input.logo && byUrl.get(input.logo)?.kind !== "image")
    throw fieldError("validation", "logo", "项目图标无效，请重新上传");
  const audio = input.audio ? byUrl.get(input.audio) : undefined;
  if (input.audio && audio?.kind !== "audio") throw fieldError("validation", "audio", "音频无效，请重新上传");
  if (input.type === WorkType.music && !audio) throw fieldError("validation", "audio", "请上传音频文件");
  const cover = images.find((i) => i.url === input.cover)?.url ?? images[0]?.url ?? "";
  // A picture whose metadata says AI made it sets the least label the work carries.
  const aiFloor = Math.max(AiLabel.none, ...input.images.map((i) => byUrl.get(i.url)?.ai_floor ?? 0)) as AiLabelValue;
  return { images, cover, duration: audio?.duration ?? 0, aiFloor };
}

function columns(
  input: WorkInput,
  media: Awaited<ReturnType<typeof resolveMedia>>,
  now: RightsNow,
  source: RepostSource,
) {
  const t = input.type;
  const repost = input.origin === "repost";
  const mark = watermarkOf(input, now.watermark);
  const noai = input.noai ?? now.noai;
  return {
    watermark: mark?.corner ?? "",
    watermark_opacity: mark?.opacity ?? DEFAULT_WATERMARK_OPACITY,
    license: repost ? DEFAULT_LICENSE : (input.license ?? now.license),
    source_url: repost ? input.sourceUrl : "",
    source_author: repost ? input.sourceAuthor : "",
    ai_label: Math.max(input.aiLabel, media.aiFloor),
    ai_floor: media.aiFloor,
    noai: noai ? 1 : 0,
    source_work_id: 0,
    ...(repost ? repostColumns(source, noai) : {}),
    offer_original: (input.offerOriginal ?? now.offerOriginal) ? 1 : 0,
    node_id: input.nodeId,
    title: t === WorkType.post ? "" : input.title,
    summary: t === WorkType.project || t === WorkType.link ? input.summary : "",
    // A link has no body of its own; whatever a client sends for it is dropped.
    content: t === WorkType.link ? "" : input.content,
    url: t === WorkType.project || t === WorkType.link ? input.url : "",
    logo: t === WorkType.project ? input.logo : "",
    audio: t === WorkType.music ? input.audio : "",
    duration: t === WorkType.music ? media.duration : 0,
    images: JSON.stringify(media.images),
    cover: media.cover,
    cover_x: media.cover ? (input.coverX ?? now.focus[0]) : 50,
    cover_y: media.cover ? (input.coverY ?? now.focus[1]) : 50,
  };
}

/**
 * Serving the work's pictures follows its wishes (server/media.ts): noai, and the largest file withheld. Watermarked
 * files made for it are recorded with their picture, for the sweeper.
 */
async function markPictures(
  trx: Kysely<DB>,
  media: Awaited<ReturnType<typeof resolveMedia>>,
  row: { noai: number; offer_original: number; watermark: string },
  marks: Marks,
) {
  const urls = media.images.map((i) => i.url);
  // A watermarked work offers its marked display sizes only: the stored picture is unmarked.
  const watermarked = row.watermark ? 1 : 0;
  await markUploads(trx, urls, { noai: row.noai, withheld: row.offer_original && !watermarked ? 0 : 1, watermarked });
  for (const [url, { files }] of marks) await addMarkedFiles(trx, url, files);
}

const urlsOf = (media: Awaited<ReturnType<typeof resolveMedia>>) => media.images.map((i) => i.url);

export async function createWork(
  deps: Deps,
  user: CurrentUserView,
  raw: WorkInput,
): Promise<{ artId: number; held: boolean }> {
  assertVerified(deps, user);
  assertMayPost(deps, user);
  if (!(await nodeOpen(deps.db, raw.nodeId))) throw fieldError("validation", "nodeId", "节点不存在");
  const { input, held } = await screenWork(deps, raw);
  if (input.publishAt !== undefined) checkPublishAt(deps, input.publishAt);
  const defaults: RightsNow = { ...user.rightsDefaults, offerOriginal: true, watermark: null, focus: [50, 50] };
  const marks = await marksFor(deps, [user.id], input, null, user.username);
  return transact(deps, async (tx) => {
    const { trx, now } = tx;
    const media = await resolveMedia(trx, [user.id], input, marks);
    const row = columns(input, media, defaults, await repostSource(trx, input.sourceUrl, deps.signin.siteUrl));
    const artId = await insertWorkRow(trx, {
      type: input.type,
      user_id: user.id,
      ...row,
      score: await scoreOf(trx, user.id, now, now),
      created_at: now,
      updated_at: now,
      ...(held ? { status: WorkStatus.review, status_reason: held } : {}),
      ...(!held && input.publishAt ? { status: WorkStatus.scheduled, publish_at: input.publishAt } : {}),
    });
    await markPictures(trx, media, row, marks);
    await checkOriginals(tx, { id: artId, user_id: user.id, repost: !!row.source_url, pictures: urlsOf(media) });
    if (input.draftId) await deleteDraftRow(trx, user.id, input.draftId);
    const tagIds = await ensureTags(trx, input.tags, now);
    await setWorkTags(trx, artId, tagIds);
    // Held for review, it counts and pays once an admin lets it through (moderation.ts restore); scheduled, when its
    // minute comes (schedule.ts).
    if (!held && !input.publishAt) await goLive(deps, tx, { id: artId, node_id: input.nodeId, user_id: user.id });
    return { artId, held: !!held };
  });
}

const gone = () => new ApiError("notFound", "作品不存在或已删除");

/** The work, if this user may change it: its author, or the owner or an admin. */
export async function editableWork(deps: Deps, user: CurrentUserView, id: number) {
  const work = await findLiveWork(deps.db, id);
  if (!work) throw gone();
  if (work.user_id !== user.id && !isStaff(user)) throw new ApiError("forbidden", "只能编辑或删除自己的作品");
  return work;
}

export async function updateWork(
  deps: Deps,
  user: CurrentUserView,
  id: number,
  raw: WorkInput,
): Promise<{ artId: number; held: boolean }> {
  assertMayPost(deps, user);
  const work = await editableWork(deps, user, id);
  const { input, held } = await screenWork(deps, raw);
  // The kind of a work is fixed once published.
  const fixed = { ...input, type: work.type as WorkTypeValue };
  if (fixed.nodeId !== work.node_id && !(await nodeOpen(deps.db, fixed.nodeId)))
    throw fieldError("validation", "nodeId", "节点不存在");
  const now = deps.now();
  const owners = [...new Set([work.user_id, user.id])];
  const was = await rightsOfWork(deps.db, id);
  const standing: RightsNow = {
    license: was.license as LicenseKey,
    noai: was.noai === 1,
    offerOriginal: was.offer_original === 1,
    watermark: was.watermark ? { corner: was.watermark as WatermarkCorner, opacity: was.watermark_opacity } : null,
    focus: [was.cover_x, was.cover_y],
  };
  // The author's name, whoever edits (an admin's edit does not sign the work with the admin's).
  const author = (await findUserById(deps.db, work.user_id))?.username ?? "";
  const marks = await marksFor(deps, owners, fixed, standing.watermark, author);
  await transact(deps, async (tx) => {
    const { trx } = tx;
    const media = await resolveMedia(trx, owners, fixed, marks);
    const row = columns(fixed, media, standing, await repostSource(trx, fixed.sourceUrl, deps.signin.siteUrl));
    // Still live as the write begins: a deletion that won the race leaves nothing to edit.
    if (!(await moveWorkStatus(trx, id, WorkStatus.live, { ...row, updated_at: now }))) throw gone();
    await markPictures(trx, media, row, marks);
    await checkOriginals(tx, { id, user_id: work.user_id, repost: !!row.source_url, pictures: urlsOf(media) });
    if (fixed.draftId) await deleteDraftRow(trx, user.id, fixed.draftId);
    const before = await tagIdsOfWork(trx, id);
    const after = await ensureTags(trx, fixed.tags, now);
    await setWorkTags(trx, id, after);
    await adjustWorkCount(
      trx,
      "tags",
      before.filter((t) => !after.includes(t)),
      -1,
    );
    await adjustWorkCount(
      trx,
      "tags",
      after.filter((t) => !before.includes(t)),
      1,
    );
    if (work.node_id !== fixed.nodeId) {
      if (work.node_id) await adjustWorkCount(trx, "nodes", [work.node_id], -1);
      await adjustWorkCount(trx, "nodes", [fixed.nodeId], 1);
      await moveTallies(trx, id, fixed.nodeId);
    }
    // An edit that brings in a word on the review list takes the work out of sight until an admin lets it back.
    if (held) {
      await updateWorkRow(trx, id, { status: WorkStatus.review, status_reason: held });
      await countAcross(tx, { id, node_id: fixed.nodeId, user_id: work.user_id }, -1);
    } else await enterTagged(tx, { id, user_id: work.user_id });
    await indexWorks(trx, deps.dialect, [id]);
  });
  await forgetPoster(deps, id, Number(work.updated_at));
  return { artId: id, held: !!held };
}

/**
 * Deleting hides the work from every list and page; its likes and comments go with it from the counts, and what
 * publishing it paid is taken back. When someone else (an admin) removes it, the author is told.
 */
export async function deleteWork(deps: Deps, user: CurrentUserView, id: number): Promise<void> {
  const work = await editableWork(deps, user, id);
  await transact(deps, async (tx) => {
    const { trx } = tx;
    // Two deletions at once (two tabs, the author and an admin) count it out once: the second finds it gone.
    if (!(await moveWorkStatus(trx, id, WorkStatus.live, { status: WorkStatus.deleted, updated_at: tx.now })))
      throw gone();
    await countAcross(tx, work, -1);
    await takeBackPublishing(tx, work.user_id, id);
    await takeWorkFromAllSeries(trx, id, tx.now);
    await indexWorks(trx, deps.dialect, [id]);
    await notify(tx, { userId: work.user_id, actorId: user.id, kind: "removed", workId: id, dedupe: `removed:${id}` });
  });
  await forgetPoster(deps, id, Number(work.updated_at));
}
