import {
  deletePushDevice,
  findPushDeviceAt,
  findPushKinds,
  listPushDevices,
  putPushDevice,
  savePushKinds,
  trimPushDevices,
} from "../../db/queries/push.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { checkHost, OutboundRefused } from "../../lib/safe-outbound.ts";
import { vapidOf } from "./vapid.ts";
import { pushKindKeys, pushLimits, type PushKind } from "../../../contract/push/kinds.ts";
import type { PushDeviceView, PushSettingsView } from "../../../contract/push/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { clientName } from "../signin/auth.ts";
import type { Deps } from "../deps.ts";

/**
 * 推送通知 (issue 59): a member chooses which news may reach their devices while the site is closed (none at first)
 * and adds each device from its own browser, which gives its push service's address and keys. Pushes themselves
 * are queued and sent in push-out.ts.
 */
export async function pushSettingsOf(deps: Deps, user: CurrentUserView): Promise<PushSettingsView> {
  const [{ publicKey }, kinds, devices] = await Promise.all([
    vapidOf(deps),
    findPushKinds(deps.db, user.id),
    listPushDevices(deps.db, user.id),
  ]);
  return {
    publicKey,
    kinds: pushKindKeys.filter((k) => kinds.split(",").includes(k)),
    devices: devices.map((d) => ({
      id: d.id,
      label: d.label,
      createdAt: d.created_at,
      lastSentAt: d.last_sent_at || null,
    })),
  };
}

export async function choosePushKinds(deps: Deps, user: CurrentUserView, kinds: PushKind[]) {
  await savePushKinds(deps.db, user.id, pushKindKeys.filter((k) => kinds.includes(k)).join(","));
  return pushSettingsOf(deps, user);
}

/**
 * This browser takes the member's pushes from now on. The address must be a push service's on the internet (https,
 * not this site's network); one browser is one device, whoever added it last; past the limit the longest unused goes.
 */
export async function addPushDevice(
  deps: Deps,
  user: CurrentUserView,
  input: { endpoint: string; p256dh: string; auth: string },
  agent: string,
): Promise<PushDeviceView> {
  // Given again at a visit (PushDevice), unchanged: nothing to write, nothing to count.
  const known = await findPushDeviceAt(deps.db, input.endpoint);
  if (known && known.user_id === user.id && known.p256dh === input.p256dh && known.auth === input.auth)
    return { id: known.id, label: known.label, createdAt: known.created_at, lastSentAt: known.last_sent_at || null };
  const wait = await deps.limiter.hit("pushDevice", String(user.id));
  if (wait) throw tooMany(wait, "添加设备太频繁");
  const host = new URL(input.endpoint).hostname.toLowerCase();
  if (new URL(input.endpoint).protocol !== "https:" && !deps.webhookAllowHosts.includes(host))
    throw fieldError("validation", "endpoint", "推送地址需以 https:// 开头");
  try {
    await checkHost(input.endpoint, deps.webhookAllowHosts);
  } catch (err) {
    if (err instanceof OutboundRefused) throw fieldError("validation", "endpoint", err.message);
    throw err;
  }
  const label = clientName(agent).slice(0, 60);
  const now = deps.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const saved = await putPushDevice(trx, {
      user_id: user.id,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      label,
      created_at: now,
    });
    await trimPushDevices(trx, user.id, pushLimits.devices);
    return saved;
  });
  return { id, label, createdAt: now, lastSentAt: null };
}

/** A device off the list: by its id from the list, or by its address when its own browser turns pushes off. */
export async function removePushDevice(
  deps: Deps,
  user: CurrentUserView,
  which: { id: number } | { endpoint: string },
) {
  const gone = await deletePushDevice(
    deps.db,
    "id" in which ? { id: which.id, userId: user.id } : { userId: user.id, endpoint: which.endpoint },
  );
  if (!gone && "id" in which) throw new ApiError("notFound", "没有这台设备");
  return null;
}
