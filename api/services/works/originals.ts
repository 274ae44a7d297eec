import { insertMatch, insertPrint, liveWorkShowing, printsOf, sharingABand } from "../../db/queries/originals.ts";
import { insertReport } from "../../db/queries/reports.ts";
import { updateWorkRow } from "../../db/queries/publish.ts";
import { bitsApart, printOf, SAME_PICTURE_BITS } from "../../lib/picture-print.ts";
import type { Deps } from "../deps.ts";
import { notify } from "../inbox/inbox.ts";
import type { Tx } from "../transaction.ts";

/**
 * Originals protected (issue 59). Every uploaded picture is printed (api/lib/picture-print.ts). When a work goes out
 * or is edited, each of its pictures is looked for among other members' earlier ones: a picture found in another's
 * live work is told once to this work's author (a repost names its source), to the original's author (who may claim
 * it) and, when this work calls itself original, to the admins as a copyright report of the site's own. A work that
 * calls itself original, whose pictures are all printed and like nothing earlier, carries the verified 原创 mark.
 */

/** Prints an uploaded picture; a blank picture has no print, and a picture sharp cannot read again is left unprinted. */
export async function printUpload(deps: Deps, uploadId: number, userId: number, bytes: Buffer, at: number) {
  const print = await printOf(bytes).catch(() => null);
  if (print) await insertPrint(deps.db, uploadId, userId, print, at);
}

type Checked = { id: number; user_id: number; repost: boolean; pictures: string[] };

export async function checkOriginals(tx: Tx, work: Checked): Promise<void> {
  const { trx, now } = tx;
  const prints = await printsOf(trx, work.pictures);
  let likeAnother = false;
  for (const print of prints) {
    const near = (await sharingABand(trx, print))
      .map((c) => ({ ...c, bits: bitsApart(print.hash, c.hash) }))
      .filter((c) => c.bits <= SAME_PICTURE_BITS);
    // The author's own picture again is theirs, and so is any copy made after their first upload of it.
    const own = near.find((c) => c.user_id === work.user_id);
    const others = near.filter((c) => c.user_id !== work.user_id && (!own || c.upload_id < own.upload_id));
    if (others.length) likeAnother = true;
    for (const found of others) {
      const original = await liveWorkShowing(trx, found.user_id, found.url);
      if (!original) continue;
      await insertMatch(trx, {
        work_id: work.id,
        user_id: work.user_id,
        original_work_id: original.id,
        original_user_id: found.user_id,
        picture: print.url,
        distance: found.bits,
        created_at: now,
      });
      const path = `/art/${original.id}`;
      // Told by the notices' own once-only keys: the author and the admins once per work and original, from the first
      // save that calls it original (a 转载 edited into 原创 too); the original's author once per copier, however
      // many works the copier puts the picture in.
      if (!work.repost) {
        const copy = { userId: work.user_id, actorId: 0, kind: "copy" as const, workId: work.id, detail: path };
        if (await notify(tx, { ...copy, dedupe: `copy:${work.id}:${original.id}` }))
          await insertReport(trx, {
            reporter_id: null,
            target: "work",
            target_id: work.id,
            // As a member's report of the work: one decision closes them all (handleReport).
            url: "",
            reason: "copyright",
            detail: `系统比对：图片与 ${path} 的图片相似（64 位中相差 ${found.bits} 位）`,
            original_url: path,
            created_at: now,
          });
      }
      await notify(tx, {
        userId: found.user_id,
        actorId: work.user_id,
        kind: "copied",
        workId: work.id,
        detail: path,
        dedupe: `copied:${work.user_id}:${original.id}`,
      });
    }
  }
  const verified = !work.repost && work.pictures.length > 0 && prints.length === work.pictures.length && !likeAnother;
  await updateWorkRow(trx, work.id, { original_verified: verified ? 1 : 0 });
}
