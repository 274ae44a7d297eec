import { deleteTokens } from "../../db/queries/tokens.ts";
import { findUserById, updateUser, type UserRow } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { chinaMinute, FOREVER, restrictionKinds, type RestrictionKind } from "../../../contract/admin/moderation.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import { parseRoles } from "../../../contract/shared/roles.ts";
import type { Role } from "../../../contract/people/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";
import { notify } from "../inbox/inbox.ts";
import { transact } from "../transaction.ts";

const DAY_MS = 86_400_000;

/** "至2026-12-01" or "永久", as a person is told. */
export function untilText(until: number) {
  if (until >= FOREVER) return "永久";
  return `至${chinaMinute(until)}`;
}

/**
 * Whether a person may sign in: a ban in force says until when and why; a ban that has run out is lifted here, at
 * the first sign-in after it, so no scheduler is needed.
 */
export async function assertMaySignIn(
  deps: Deps,
  user: Pick<UserRow, "id" | "status" | "banned_until" | "ban_reason">,
) {
  if (user.status === UserStatus.active) return;
  if (user.banned_until > 0 && user.banned_until <= deps.now()) {
    await updateUser(deps.db, user.id, { status: UserStatus.active, banned_until: 0, ban_reason: "" });
    return;
  }
  // A disabled account without an admin's ban (older data) keeps the plain message.
  if (user.banned_until === 0) throw new ApiError("userDisabled");
  const why = user.ban_reason ? `，原因：${user.ban_reason}` : "";
  const period = user.banned_until >= FOREVER ? "已被永久封禁" : `已被封禁${untilText(user.banned_until)}`;
  throw new ApiError("userDisabled", `账号${period}${why}`);
}

/** A muted person may read but not publish, comment or write messages; the message says until when and why. */
export function assertMayPost(deps: Deps, user: CurrentUserView) {
  if (!user.muted || user.muted.until <= deps.now()) return;
  throw new ApiError("muted", `你已被禁言${untilText(user.muted.until)}，原因：${user.muted.reason}`);
}

/**
 * Whether staff may hide or remove what `authorId` wrote: nobody acts on the owner's works or comments (the owner on
 * their own, yes), and only the owner on an admin's, as for acting on the people themselves.
 */
export function assertMayModerate(staff: CurrentUserView, author: { id: number; roles: string }) {
  if (author.id === staff.id) return;
  const roles = parseRoles(author.roles);
  if (roles.includes("owner")) throw new ApiError("ownerProtected");
  if (roles.includes("admin") && !staff.roles.includes("owner"))
    throw new ApiError("forbidden", "只有站长可以处理管理员的内容");
}

async function target(deps: Deps, staff: CurrentUserView, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new ApiError("notFound", "用户不存在");
  if (parseRoles(user.roles).includes("owner")) throw new ApiError("ownerProtected");
  // An admin acts on members; only the owner acts on admins.
  if (parseRoles(user.roles).includes("admin") && !staff.roles.includes("owner"))
    throw new ApiError("forbidden", "只有站长可以处理管理员");
  return user;
}

/** Only the owner grants or takes the admin role; the owner role is nobody's to give or lose. */
export async function setAdmin(deps: Deps, staff: CurrentUserView, userId: number, admin: boolean) {
  if (!staff.roles.includes("owner")) throw new ApiError("forbidden", "只有站长可以设置管理员");
  if (userId === staff.id) throw new ApiError("forbidden", "不能修改自己的角色");
  const user = await target(deps, staff, userId);
  const before = parseRoles(user.roles);
  const after: Role[] = admin ? [...new Set<Role>([...before, "admin"])] : before.filter((r) => r !== "admin");
  await transact(deps, async (tx) => {
    await updateUser(tx.trx, userId, { roles: after.join(",") });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: "user.roles",
      targetKind: "user",
      targetId: userId,
      before: before.join(",") || "member",
      after: after.join(",") || "member",
    });
  });
  return { roles: after };
}

/** Mutes or bans for `days` (0: for good) with a reason the person sees; a ban signs them out everywhere. */
export async function restrict(
  deps: Deps,
  staff: CurrentUserView,
  userId: number,
  input: { kind: RestrictionKind; days: number; reason: string },
) {
  if (userId === staff.id) throw new ApiError("forbidden", "不能处理自己的账号");
  await target(deps, staff, userId);
  const now = deps.now();
  const until = input.days === 0 ? FOREVER : now + input.days * DAY_MS;
  await transact(deps, async (tx) => {
    if (input.kind === "mute") {
      await updateUser(tx.trx, userId, { muted_until: until, mute_reason: input.reason });
    } else {
      await updateUser(tx.trx, userId, { status: UserStatus.disabled, banned_until: until, ban_reason: input.reason });
      await deleteTokens(tx.trx, userId);
      // Its open streams end once this is written (transact tells the bus).
      tx.touched.add(userId);
    }
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: input.kind === "mute" ? "user.mute" : "user.ban",
      targetKind: "user",
      targetId: userId,
      after: `${restrictionKinds[input.kind]} ${untilText(until)}`,
      reason: input.reason,
    });
    if (input.kind === "mute")
      await notify(tx, {
        userId,
        actorId: 0,
        kind: "muted",
        detail: `${untilText(until)}：${input.reason}`,
        dedupe: `muted:${userId}:${now}`,
      });
  });
  return { until };
}

export async function lift(deps: Deps, staff: CurrentUserView, userId: number, kind: RestrictionKind) {
  const user = await target(deps, staff, userId);
  await transact(deps, async (tx) => {
    if (kind === "mute") await updateUser(tx.trx, userId, { muted_until: 0, mute_reason: "" });
    else await updateUser(tx.trx, userId, { status: UserStatus.active, banned_until: 0, ban_reason: "" });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: kind === "mute" ? "user.unmute" : "user.unban",
      targetKind: "user",
      targetId: userId,
      before: kind === "mute" ? user.mute_reason : user.ban_reason,
    });
  });
  return { lifted: kind };
}
