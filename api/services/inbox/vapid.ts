import { readConfigRow, settleConfigRow } from "../../db/queries/config.ts";
import { makeVapidKeys, type VapidKeys } from "../../lib/web-push.ts";
import type { Deps } from "../deps.ts";

const VAPID_KEY = "push.vapid";
const known = new WeakMap<object, Promise<VapidKeys>>();

/** The site's VAPID pair: VAPID_* when set, else the one kept in the database, made by whichever process came first. */
export function vapidOf(deps: Deps): Promise<VapidKeys> {
  if (deps.push.vapid) return Promise.resolve(deps.push.vapid);
  let keys = known.get(deps.db);
  if (!keys) {
    keys = (async () => {
      const kept =
        (await readConfigRow(deps.db, VAPID_KEY)) ??
        (await settleConfigRow(deps.db, VAPID_KEY, JSON.stringify(makeVapidKeys())));
      return JSON.parse(kept) as VapidKeys;
    })();
    keys.catch(() => known.delete(deps.db));
    known.set(deps.db, keys);
  }
  return keys;
}
