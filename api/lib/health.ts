/**
 * What this process sees of what it depends on, and since when: the probes' checks (database, migrations, Redis, the
 * store, an API elsewhere) as the heartbeat last ran them (api/open/heartbeat.ts), mail as the SMTP server last answered
 * and the model as it last answered. The admin overview shows it per process (api/services/admin/operations.ts).
 */
export type CheckName = "database" | "migrations" | "redis" | "storage" | "api" | "mail" | "ai";
export type CheckState = { up: boolean; since: number; detail?: string };

const states = new Map<CheckName, CheckState>();

/** Records a check's outcome; `since` moves only when up turns down or back. */
export function checked(name: CheckName, up: boolean, detail?: string, now = Date.now()) {
  const was = states.get(name);
  const since = was && was.up === up ? was.since : now;
  states.set(name, up ? { up, since } : { up, since, detail: detail?.slice(0, 200) });
}

export const healthNow = (): Partial<Record<CheckName, CheckState>> => Object.fromEntries(states);

/** For tests: a process starts knowing nothing. */
export const forgetHealth = () => states.clear();
