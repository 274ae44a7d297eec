import type { ProcessView } from "../../../contract/admin/views.ts";
import { listProcesses } from "../../db/queries/processes.ts";
import type { Deps } from "../deps.ts";

/** A process unheard for this long is gone (three missed heartbeats: api/open/heartbeat.ts beats every 15 s). */
const GONE_AFTER_MS = 45_000;

/** The site's processes as the admin overview shows them: each one's build, start and what it sees. */
export async function processesNow(deps: Deps): Promise<ProcessView[]> {
  const rows = await listProcesses(deps.db, deps.now() - GONE_AFTER_MS);
  return rows.map((r) => ({
    host: r.host,
    pid: r.pid,
    worker: r.worker,
    release: r.release,
    startedAt: r.started_at,
    seenAt: r.seen_at,
    health: parseHealth(r.health),
  }));
}

function parseHealth(text: string): ProcessView["health"] {
  try {
    return JSON.parse(text) as ProcessView["health"];
  } catch {
    return {};
  }
}
