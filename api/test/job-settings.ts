import { queueSettings } from "../jobs/settings.ts";

/** The queue as the process tests run it: retries at once, and a re-index taken back two seconds after its process dies. */
export function processTestSettings() {
  const settings = queueSettings({ fast: true });
  settings["search.reindex"] = { ...settings["search.reindex"], expireSeconds: 2 };
  return settings;
}
