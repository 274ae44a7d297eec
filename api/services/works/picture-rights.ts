import { uploadRights } from "../../db/queries/uploads.ts";
import type { Deps } from "../deps.ts";

/** What serving a picture's file follows: the crawlers' noai, and whether this file is the withheld largest one. */
export type PictureRights = { noai: boolean; withheld: boolean };
type Stored = PictureRights & { watermarked: boolean; private: boolean };

const KEPT = 5_000;
/** The longest a process keeps what it read, should it miss the news of a write. */
export const PICTURE_RIGHTS_MS = 30_000;

/**
 * Looks up what a work asks of its pictures' files by the file's path: a thumbnail (`…-640.webp`) follows its
 * picture (so does a watermarked one), the stored picture (`….webp`) is withheld when its work does not offer it, and
 * only the marked files of a watermarked work are served. Kept per process until the
 * next write anywhere forgets the work lists (the same news, `deps.listings.epoch`), so a page's dozens of
 * pictures cost a query each only now and then.
 */
export function pictureRights(deps: Deps) {
  const kept = new Map<string, { at: number; epoch: number; rights: Stored | null }>();
  return async (path: string): Promise<PictureRights | null> => {
    // A display size (…-640.webp) or one with a watermark (…-640-wm3fa9….webp).
    const thumb = /-\d+(-wm[0-9a-f]{10})?\.webp$/.exec(path);
    const marked = !!thumb?.[1];
    const stored = thumb ? path.slice(0, thumb.index) + ".webp" : path;
    const now = Date.now();
    const epoch = deps.listings.epoch();
    let entry = kept.get(stored);
    if (!entry || entry.epoch !== epoch || now - entry.at > PICTURE_RIGHTS_MS) {
      const row = await uploadRights(deps.db, stored);
      entry = {
        at: now,
        epoch,
        rights: row
          ? {
              noai: row.noai === 1,
              withheld: row.withheld === 1,
              watermarked: row.watermarked === 1,
              private: row.private === 1,
            }
          : null,
      };
      kept.delete(stored);
      kept.set(stored, entry);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    }
    if (!entry.rights) return null;
    // A watermarked work's pictures are served marked only (issue 53): editing the address to an unmarked size finds
    // nothing.
    const { noai, withheld, watermarked } = entry.rights;
    // A commission's delivered picture is served to its two parties only, through the API (commissions/steps.ts).
    if (entry.rights.private) return { noai: true, withheld: true };
    return { noai, withheld: watermarked ? !marked : withheld && !thumb };
  };
}
