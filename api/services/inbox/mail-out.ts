import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { findMail, insertMail, markMail } from "../../db/queries/mail-log.ts";
import { mailSent } from "../../lib/metrics.ts";
import { checked } from "../../lib/health.ts";
import type { MailKind } from "../../../contract/jobs/jobs.ts";
import { describeError } from "../../../contract/shared/log.ts";
import type { JobRun } from "../../jobs/queue.ts";
import type { Deps } from "../deps.ts";
import { composeMail } from "./mail-compose.ts";

/**
 * Mail that arrives (issue 55): every mail is a row of the mail log and a job, queued together in the write that
 * asks for it, and sent by whichever process runs the job, never beside the answer (whose timing would tell what
 * happened). A refusal for now (4xx, a timeout, the server away) is tried again, waiting longer each time up to an
 * hour; a refusal for good (5xx) is recorded and not tried again. A crash between the server's yes and the log's
 * "sent" sends it once more: mail is at least once, never lost.
 */
export async function queueMail(
  deps: Deps,
  mail: { kind: MailKind; to: string; userId: number | null },
  db: Kysely<DB> = deps.db,
): Promise<void> {
  const write = async (trx: Kysely<DB>) => {
    const mailId = await insertMail(trx, {
      kind: mail.kind,
      to_address: mail.to,
      user_id: mail.userId,
      created_at: deps.now(),
    });
    await deps.jobs.send("mail.send", { mailId }, { in: trx });
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** SMTP's own word: 5xx refuses for good, 4xx (greylisting, a full mailbox for now) asks to try later. */
function refusedForGood(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The job `mail.send`: one try at one mail of the log. */
export async function deliverMail(deps: Deps, mailId: number, run: JobRun, retryLimit: number): Promise<void> {
  const row = await findMail(deps.db, mailId);
  if (!row || row.state === "sent" || row.state === "failed") return;
  const mail = await composeMail(deps, {
    kind: row.kind as MailKind,
    to_address: row.to_address,
    user_id: row.user_id,
  });
  if (!mail) {
    await markMail(deps.db, mailId, { state: "failed", error: "收件人已不存在或没有新内容", now: deps.now() });
    return;
  }
  try {
    await deps.signin.mail.send(mail);
  } catch (err) {
    const message = describeError(err).message;
    const last = refusedForGood(err) || run.retryCount >= retryLimit;
    mailSent.inc({ outcome: "failed" });
    checked("mail", false, message);
    await markMail(deps.db, mailId, { state: last ? "failed" : "retrying", error: message, now: deps.now() });
    deps.log[last ? "error" : "warn"]("mail not sent", { mailId, kind: row.kind, last, error: describeError(err) });
    if (last) return;
    throw err;
  }
  mailSent.inc({ outcome: "sent" });
  checked("mail", true);
  await markMail(deps.db, mailId, { state: "sent", error: "", now: deps.now() });
}
