import type { LicenseKey } from "../../../contract/works/rights.ts";
import { randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { isUniqueViolation } from "../../db/index.ts";
import { deleteTokens, listTokens } from "../../db/queries/tokens.ts";
import { findUserById, nameClash, updateUser } from "../../db/queries/users.ts";
import { RESERVED_NAME } from "../../lib/fold.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import { screenPlain } from "../moderation/sensitive-words.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { MediaError, squareAvatar, type SquareCrop } from "../../lib/media.ts";
import { hashToken } from "../../lib/token.ts";
import type { SessionView } from "../../../contract/account/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { hashPassword } from "../../lib/password.ts";
import type { Deps } from "../deps.ts";
import { toCurrentUserView } from "./users.ts";
import { indexWorksOf } from "../search/search-index.ts";
import { storeAll } from "../works/uploads.ts";

/** Runs a change that a unique index may refuse (two people racing for one name), as the field's error. */
async function unique(
  field: string,
  code: "nicknameTaken" | "usernameTaken" | "emailTaken",
  change: () => Promise<void>,
) {
  try {
    await change();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(code, field);
    throw err;
  }
}

async function reread(deps: Deps, userId: number): Promise<CurrentUserView> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new ApiError("userNotFound");
  return toCurrentUserView(row);
}

/** Nickname (unique by its key), bio, and whether favorites are public. */
export async function updateProfile(
  deps: Deps,
  user: CurrentUserView,
  input: { nickname: string; description: string; favoritesPublic: boolean },
): Promise<CurrentUserView> {
  assertMayPost(deps, user);
  await screenPlain(deps, { nickname: input.nickname, description: input.description }, "资料");
  if (input.nickname !== user.nickname) {
    // Against everyone else's nickname and username (a username someone could @mention counts too).
    const clash = await nameClash(deps.db, { nickname: input.nickname, username: input.nickname }, user.id);
    if (clash.nickname) throw fieldError("nicknameTaken", "nickname");
    if (clash.reserved) throw fieldError("nicknameTaken", "nickname", RESERVED_NAME);
  }
  await unique("nickname", "nicknameTaken", () =>
    deps.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, {
        nickname: input.nickname,
        description: input.description,
        favorites_public: input.favoritesPublic ? 1 : 0,
        updated_at: deps.now(),
      });
      // Works are found by their author's names too.
      if (input.nickname !== user.nickname) await indexWorksOf(trx, deps.dialect, user.id);
    }),
  );
  return reread(deps, user.id);
}

/** The licence and AI use a member's new works start with. */
export async function setRightsDefaults(
  deps: Deps,
  user: CurrentUserView,
  input: { license: LicenseKey; noai: boolean },
): Promise<CurrentUserView> {
  await updateUser(deps.db, user.id, {
    default_license: input.license,
    default_noai: input.noai ? 1 : 0,
    updated_at: deps.now(),
  });
  return reread(deps, user.id);
}

/** A new avatar from a picture, cut square (centred, or where asked) at 400 and 100 pixels. */
export async function setAvatar(
  deps: Deps,
  user: CurrentUserView,
  bytes: Buffer,
  crop?: SquareCrop,
): Promise<CurrentUserView> {
  assertMayPost(deps, user);
  const { large, small } = await squareAvatar(bytes, crop).catch((e) => {
    throw e instanceof MediaError ? fieldError("validation", "avatar", e.message) : e;
  });
  const d = new Date(deps.now());
  // A new name every time: a cached old face never stands in for the new one.
  const base = `avatars/${d.getUTCFullYear()}/${user.id}-${randomBytes(9).toString("base64url")}`;
  const [avatar, smallAvatar] = await storeAll(deps, [
    { key: `${base}.webp`, data: large, type: "image/webp" },
    { key: `${base}-100.webp`, data: small, type: "image/webp" },
  ]);
  await updateUser(deps.db, user.id, { avatar, small_avatar: smallAvatar, updated_at: deps.now() });
  return reread(deps, user.id);
}

/** The username may be changed once. */
export async function changeUsername(deps: Deps, user: CurrentUserView, username: string) {
  const row = await findUserById(deps.db, user.id);
  if (!row) throw new ApiError("userNotFound");
  const key = username.toLowerCase();
  if (key === row.username) return reread(deps, user.id);
  if (row.username_changed_at) throw fieldError("forbidden", "username", "用户名只能修改一次");
  if ((await nameClash(deps.db, { nickname: key, username: key }, user.id)).username)
    throw fieldError("usernameTaken", "username");
  await unique("username", "usernameTaken", () =>
    deps.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { username: key, username_changed_at: deps.now(), updated_at: deps.now() });
      await indexWorksOf(trx, deps.dialect, user.id);
    }),
  );
  return reread(deps, user.id);
}

/**
 * A new password needs the old one (an account that came in by phone or a third party sets its first without);
 * every other session is signed out.
 */
export async function changePassword(
  deps: Deps,
  user: CurrentUserView,
  token: string,
  input: { oldPassword: string; password: string; rePassword: string },
) {
  if (input.password !== input.rePassword) throw fieldError("passwordMismatch", "rePassword");
  const row = await findUserById(deps.db, user.id);
  if (!row) throw new ApiError("userNotFound");
  if (row.password_hash && !(input.oldPassword && (await verify(row.password_hash, input.oldPassword))))
    throw fieldError("wrongPassword", "oldPassword", input.oldPassword ? "原密码不正确" : "请输入原密码");
  await updateUser(deps.db, user.id, { password_hash: await hashPassword(input.password), updated_at: deps.now() });
  const current = await currentSession(deps, user.id, token);
  await deleteTokens(deps.db, user.id, current ? { except: current } : {});
  // The other sessions' open streams end now, in every process (routes/inbox.ts asks each its session again).
  deps.bus.publish(user.id);
}

async function currentSession(deps: Deps, userId: number, token: string) {
  const hash = hashToken(token);
  return (await listTokens(deps.db, userId, deps.now())).find((t) => t.token_hash === hash)?.id;
}

export async function listSessions(deps: Deps, user: CurrentUserView, token: string): Promise<SessionView[]> {
  const hash = hashToken(token);
  return (await listTokens(deps.db, user.id, deps.now())).map((t) => ({
    sessionId: t.id,
    client: t.client || "其他客户端",
    ip: t.ip,
    createdAt: t.created_at,
    lastSeenAt: t.last_seen_at || t.created_at,
    current: t.token_hash === hash,
  }));
}

/** Signs out one session, or (no id) every session but this one; answers how many ended. */
export async function endSessions(deps: Deps, user: CurrentUserView, token: string, sessionId?: number) {
  const current = sessionId === undefined ? await currentSession(deps, user.id, token) : undefined;
  const ended = await deleteTokens(
    deps.db,
    user.id,
    sessionId !== undefined ? { only: sessionId } : current ? { except: current } : {},
  );
  deps.bus.publish(user.id);
  return ended;
}
