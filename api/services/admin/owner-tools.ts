import { randomInt } from "node:crypto";
import { z } from "zod";
import { parseRoles } from "../../../contract/shared/roles.ts";
import { nickname, signupSchema } from "../../../contract/signin/schemas.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { deleteTokens } from "../../db/queries/tokens.ts";
import { findUserByLogin, listStaff, nameClash, updateUser } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { audit } from "./audit.ts";
import { openAccount } from "../signin/auth.ts";
import type { Deps } from "../deps.ts";
import { screenPlain } from "../moderation/sensitive-words.ts";
import { transact } from "../transaction.ts";
import { toCurrentUserView } from "../people/users.ts";

/**
 * What the owner does from the shell (scripts/admin.ts, `npm run admin`): the same rules and the same audit log as
 * the admin pages, with the owner as the one acting. A lost owner password is mended here, since the web cannot.
 */

/** The site's owner, the one who acts from the shell; a site without one has not been started with OWNER_USERNAME. */
export async function shellOwner(deps: Deps): Promise<CurrentUserView> {
  const owner = (await listStaff(deps.db)).find((u) => parseRoles(u.roles).includes("owner"));
  if (!owner) throw new ApiError("notFound", "站点还没有站长：先设置 OWNER_USERNAME 和 OWNER_PASSWORD 启动一次");
  return toCurrentUserView(owner);
}

export async function memberNamed(deps: Deps, username: string) {
  const row = await findUserByLogin(deps.db, username.trim());
  if (!row) throw new ApiError("notFound", `没有用户名为 ${username} 的用户`);
  return row;
}

const READABLE = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** 16 characters nobody misreads (no 0/O, 1/l/I): printed once, typed once. */
export const newPassword = () => Array.from({ length: 16 }, () => READABLE[randomInt(READABLE.length)]).join("");

/** A new password for anyone, the owner included; every session of theirs ends. Answers it, to be shown once. */
export async function resetPassword(deps: Deps, actor: CurrentUserView, userId: number): Promise<string> {
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  await transact(deps, async (tx) => {
    await updateUser(tx.trx, userId, { password_hash: passwordHash, updated_at: tx.now });
    await deleteTokens(tx.trx, userId);
    tx.touched.add(userId);
    await audit(tx.trx, tx.now, {
      actorId: actor.id,
      action: "user.password",
      targetKind: "user",
      targetId: userId,
      reason: "命令行",
    });
  });
  return password;
}

/** The sign-up form's own rules for the two names (contract/signin/schemas.ts). */
const names = z.object({ username: signupSchema.shape.username, nickname });

/** A member opened by the owner, whatever the registration setting; their password is made here and shown once. */
export async function createMember(
  deps: Deps,
  actor: CurrentUserView,
  input: { username: string; nickname: string },
): Promise<{ id: number; password: string }> {
  const parsed = names.safeParse({ username: input.username, nickname: input.nickname.trim() || input.username });
  if (!parsed.success) throw new ApiError("validation", parsed.error.issues[0].message);
  const username = parsed.data.username.toLowerCase();
  const { nickname: name } = parsed.data;
  const clash = await nameClash(deps.db, { nickname: name, username });
  if (clash.username) throw new ApiError("usernameTaken");
  if (clash.nickname || clash.reserved) throw new ApiError("nicknameTaken");
  await screenPlain(deps, { nickname: name }, "昵称");
  const password = newPassword();
  const id = await openAccount(deps, {
    username,
    nickname: name,
    passwordHash: await hashPassword(password),
    byOwner: true,
  });
  await transact(deps, (tx) =>
    audit(tx.trx, tx.now, {
      actorId: actor.id,
      action: "user.create",
      targetKind: "user",
      targetId: id,
      reason: "命令行",
    }),
  );
  return { id, password };
}

export async function staff(deps: Deps) {
  return (await listStaff(deps.db)).map((u) => ({
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    roles: parseRoles(u.roles),
  }));
}
