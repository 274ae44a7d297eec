import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { findUserById } from "../../db/queries/users.ts";
import { listIdentities } from "../../db/queries/signin.ts";
import { ApiError } from "../../lib/errors.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { OAuthProvider } from "../../../contract/signin/ways-in.ts";

/**
 * An account keeps at least one way in: a password (with its username or e-mail), a phone number, or a linked
 * provider. Removing `dropping` must leave another; run inside the removing transaction.
 */
export async function assertAnotherWayIn(
  db: Kysely<DB>,
  userId: number,
  dropping: "phone" | OAuthProvider,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("userNotFound");
  const ways = [
    ...(user.password_hash ? ["password"] : []),
    ...(user.phone ? ["phone"] : []),
    ...(await listIdentities(db, userId)).map((i) => i.provider),
  ];
  if (!ways.includes(dropping)) return;
  if (ways.length <= 1) throw new ApiError("lastWayIn", "至少需要保留一种登录方式：请先设置密码或绑定手机号");
}

/** REQUIRE_VERIFIED: publishing, commenting and private messages wait for a verified e-mail or a bound phone. */
export function assertVerified(deps: { signin: { requireVerified: boolean } }, user: CurrentUserView): void {
  if (deps.signin.requireVerified && !user.emailVerified && !user.phone) throw new ApiError("emailNotVerified");
}
