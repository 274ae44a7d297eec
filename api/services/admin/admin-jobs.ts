import { newestMail } from "../../db/queries/mail-log.ts";
import {
  jobKinds,
  jobNames,
  jobStates,
  type JobName,
  type JobsOverviewView,
  type JobState,
  type MailKind,
  type MailState,
} from "../../../contract/jobs/jobs.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { ApiError } from "../../lib/errors.ts";
import { audit } from "./audit.ts";
import type { Deps } from "../deps.ts";
import { transact } from "../transaction.ts";

const FAILED_SHOWN = 50;
const MAIL_SHOWN = 50;

/** /admin/jobs: every queue's counts by state, the failed jobs with their errors, and the newest mail. */
export async function jobsOverview(deps: Deps): Promise<JobsOverviewView> {
  const counts = await deps.jobs.counts();
  const none = () => Object.fromEntries(Object.keys(jobStates).map((s) => [s, 0])) as Record<JobState, number>;
  const queues = jobNames.map((name) => {
    const c = none();
    for (const r of counts) if (r.name === name && r.state in c) c[r.state] += r.n;
    return { name, label: jobKinds[name].label, counts: c, schedule: deps.jobs.settings[name].cron };
  });
  const failed = (await deps.jobs.failed(FAILED_SHOWN))
    .filter((j): j is typeof j & { name: JobName } => j.name in jobKinds)
    .map((j) => ({
      id: j.id,
      name: j.name,
      label: jobKinds[j.name].label,
      error: j.error,
      attempts: j.retryCount,
      createdAt: j.createdAt,
      endedAt: j.endedAt,
    }));
  const mail = (await newestMail(deps.db, MAIL_SHOWN)).map((m) => ({
    id: m.id,
    to: m.to_address,
    kind: m.kind as MailKind,
    state: m.state as MailState,
    attempts: m.attempts,
    error: m.error,
    createdAt: m.created_at,
    sentAt: m.sent_at,
  }));
  return { queues, failed, mail };
}

async function recorded(
  deps: Deps,
  actor: CurrentUserView,
  action: "job.retry" | "job.discard" | "job.run",
  job: object,
) {
  await transact(deps, (tx) =>
    audit(tx.trx, tx.now, { actorId: actor.id, action, targetKind: "job", targetId: 0, after: job }),
  );
}

/** 重试: a failed job queued again, its tries counted afresh. */
export async function retryJob(deps: Deps, actor: CurrentUserView, name: JobName, id: string) {
  if (!(await deps.jobs.retry(name, id))) throw new ApiError("notFound", "没有这个失败的任务");
  await recorded(deps, actor, "job.retry", { name, id });
  return { done: true };
}

/** 丢弃: a failed job removed for good. */
export async function discardJob(deps: Deps, actor: CurrentUserView, name: JobName, id: string) {
  if (!(await deps.jobs.discard(name, id))) throw new ApiError("notFound", "没有这个失败的任务");
  await recorded(deps, actor, "job.discard", { name, id });
  return { done: true };
}

/** 立即运行: one more run of a kind of job, now (none is queued while one of its kind already waits). */
export async function runJobNow(deps: Deps, actor: CurrentUserView, name: JobName) {
  if (name === "mail.send") throw new ApiError("validation", "邮件任务随邮件排队，不能单独运行");
  const queued = (await deps.jobs.send(name, {})) !== null;
  await recorded(deps, actor, "job.run", { name, queued });
  return { queued };
}
