import type { Deps } from "../services/deps.ts";
import { deliverMail } from "../services/inbox/mail-out.ts";
import { deliverWebhook } from "../services/inbox/webhook-out.ts";
import { deliverPush } from "../services/inbox/push-out.ts";
import { publishDue } from "../services/works/schedule.ts";
import { sweepUnusedUploads } from "../services/works/uploads.ts";
import { purgeExpired } from "../services/admin/housekeeping.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";
import { queueDigests } from "../services/inbox/notice-digest.ts";
import type { Handlers } from "./queue.ts";

/**
 * What each kind of job does: a service's function, so the same work runs from a job, the owner's command line or a
 * test. `backup` is the server's (it knows the folders and the store); without it a backup job fails, saying why.
 */
export function jobHandlers(deps: Deps, o: { backup?: () => Promise<unknown> } = {}): Handlers {
  return {
    "mail.send": (data, run) => deliverMail(deps, data.mailId, run, deps.jobs.settings["mail.send"].retryLimit),
    "webhooks.deliver": (data) => deliverWebhook(deps, data.deliveryId),
    "push.send": (data) => deliverPush(deps, data),
    "pages.drop": (data) => deps.pages.drop(data.topics),
    "works.publish-due": async () => {
      while ((await publishDue(deps)) > 0);
    },
    "uploads.sweep": async () => {
      while ((await sweepUnusedUploads(deps)) > 0);
    },
    "signin.purge": () => purgeExpired(deps),
    "search.reindex": () => rebuildSearchIndex(deps.db, deps.dialect),
    "notices.digest": () => queueDigests(deps),
    "site.backup": async () => {
      if (!o.backup) throw new Error("这个进程不能备份：BACKUP_DIR 未设置");
      await o.backup();
    },
  };
}
