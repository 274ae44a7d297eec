import { randomBytes } from "node:crypto";
import {
  dropMailChoices,
  dueDigests,
  findMailChoices,
  markDigested,
  saveMailChoices,
} from "../../db/queries/mail-choices.ts";
import { isMailNoticeKind, type MailChoicesView, type MailNoticeKind } from "../../../contract/jobs/jobs.ts";
import type { Deps } from "../deps.ts";
import { queueMail } from "./mail-out.ts";

/**
 * 邮件通知: a member may have some kinds of notification by mail as well, once a day in one digest; never unless
 * they choose it, only to a verified address, and every digest can be turned off in one click without signing in
 * (List-Unsubscribe with its one-click POST, RFC 8058, and a link in the text).
 */
export async function mailChoicesOf(
  deps: Deps,
  user: { id: number; email: string | null; emailVerified: boolean },
): Promise<MailChoicesView> {
  const row = await findMailChoices(deps.db, user.id);
  return {
    kinds: (row?.kinds.split(",") ?? []).filter(isMailNoticeKind),
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

/** The kinds a member wants by mail; none turns the digest off. */
export async function setMailChoices(deps: Deps, userId: number, kinds: MailNoticeKind[]): Promise<MailNoticeKind[]> {
  const chosen = [...new Set(kinds)].filter(isMailNoticeKind);
  if (!chosen.length) await dropMailChoices(deps.db, userId);
  else
    await saveMailChoices(deps.db, {
      user_id: userId,
      kinds: chosen.join(","),
      unsubscribe_key: randomBytes(18).toString("base64url"),
      // Due at the next evening's run (a change of kinds later keeps the day's place: saveMailChoices).
      digest_at: 0,
    });
  return chosen;
}

/** The digest's one-click unsubscribe; false when the key is not this member's (or it was already off). */
export function unsubscribe(deps: Deps, userId: number, key: string): Promise<boolean> {
  return dropMailChoices(deps.db, userId, key);
}

/** The job `notices.digest` (daily): a digest queued for each member who chose some and had none for 20 hours. */
export async function queueDigests(deps: Deps): Promise<number> {
  let queued = 0;
  for (;;) {
    const now = deps.now();
    const due = await dueDigests(deps.db, now - 20 * 3_600_000, 200);
    if (!due.length) return queued;
    for (const m of due)
      await deps.db.transaction().execute(async (trx) => {
        await markDigested(trx, m.user_id, now);
        await queueMail(deps, { kind: "digest", to: m.email!, userId: m.user_id }, trx);
      });
    queued += due.length;
  }
}
