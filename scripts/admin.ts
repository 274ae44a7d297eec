/**
 * `npm run admin -- <command>`: the owner's command line, for what cannot wait for the web (a lost owner password) or
 * is easier from a shell. It acts on the database of DATABASE_URL / DATA_DIR as the site's owner, by the same rules
 * and with the same audit log as the admin pages, while the site runs or not.
 *
 *   reset-password <用户名>                 a new password, printed once; every session of theirs ends
 *   create-member <用户名> [昵称] [--admin]  a member (or admin) with a password printed once
 *   ban <用户名> <天数, 0 为永久> <原因>      signs them out everywhere
 *   unban <用户名>
 *   admins                                  the owner and the admins
 *   health                                  what the readiness probe checks, and each process's last heartbeat
 *   jobs                                    the queues by state and the failed jobs (as /admin/jobs shows them)
 *   run-job <任务>                           runs a kind of job now, here (search.reindex, site.backup, …)
 */
import { readEnvOrExit, runOwnerCommand } from "../api/index.ts";

process.exit(await runOwnerCommand(readEnvOrExit(), process.argv.slice(2)));
