import { updateUser } from "../../db/queries/users.ts";
import { findUserByPhone } from "../../db/queries/signin.ts";
import { isUniqueViolation } from "../../db/index.ts";
import { fieldError } from "../../lib/errors.ts";
import { maskPhone } from "../../../contract/signin/ways-in.ts";
import type { CurrentUserView, Session } from "../../../contract/signin/views.ts";
import { issueSession, openAccount, type SessionOrigin } from "./auth.ts";
import type { Deps } from "../deps.ts";
import { assertWayOn } from "./access.ts";
import { assertMaySignIn } from "../moderation/restrictions.ts";
import { checkSmsCode } from "./sms-codes.ts";
import { assertAnotherWayIn } from "./ways-in.ts";

/** Signing in, and binding a number, with an SMS code (sms-codes.ts). */

/** requirements §7 /api/login/phonesignin: a first sign-in opens the account, named after the masked number. */
export async function phoneSignin(
  deps: Deps,
  input: { phone: string; verifyCode: string },
  origin: SessionOrigin,
): Promise<Session> {
  await assertWayOn(deps, "sms");
  await checkSmsCode(deps, input.phone, input.verifyCode, origin.ip);
  let user = await findUserByPhone(deps.db, input.phone);
  if (!user) {
    try {
      const id = await openAccount(deps, { nickname: `用户${maskPhone(input.phone)}`, phone: input.phone });
      return issueSession(deps, id, origin, "短信");
    } catch (err) {
      // The same number signing up twice at once: the other request made the account.
      if (!isUniqueViolation(err)) throw err;
      user = await findUserByPhone(deps.db, input.phone);
      if (!user) throw err;
    }
  }
  await assertMaySignIn(deps, user);
  return issueSession(deps, user.id, origin, "短信");
}

/** 绑定手机: the code proves the number; one that belongs to another account is said so (its owner asked). */
export async function bindPhone(
  deps: Deps,
  user: CurrentUserView,
  input: { phone: string; verifyCode: string },
  ip: string,
): Promise<void> {
  await checkSmsCode(deps, input.phone, input.verifyCode, ip);
  const owner = await findUserByPhone(deps.db, input.phone);
  if (owner && owner.id !== user.id) throw fieldError("phoneTaken", "phone");
  try {
    await updateUser(deps.db, user.id, { phone: input.phone, updated_at: deps.now() });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError("phoneTaken", "phone");
    throw err;
  }
}

export async function unbindPhone(deps: Deps, user: CurrentUserView): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await assertAnotherWayIn(trx, user.id, "phone");
    await updateUser(trx, user.id, { phone: null, updated_at: deps.now() });
  });
}
