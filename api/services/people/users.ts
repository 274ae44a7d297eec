import type { LicenseKey } from "../../../contract/works/rights.ts";
import type { UserRow } from "../../db/queries/users.ts";
import type { AuthorView, UserRef, UserView } from "../../../contract/people/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { parseRoles } from "../../../contract/shared/roles.ts";
import { maskPhone } from "../../../contract/signin/ways-in.ts";

type NamedRow = Pick<UserRow, "id" | "username" | "nickname" | "avatar" | "small_avatar" | "description">;

/** A person as a line names them: names, and the small avatar (the large one when there is no small). */
export function nameAndAvatar(
  id: number,
  row: Pick<UserRow, "username" | "nickname" | "avatar" | "small_avatar">,
): AuthorView {
  return { id, username: row.username, nickname: row.nickname, smallAvatar: row.small_avatar || row.avatar };
}

/** Who a person is, as every view of them starts: names, both avatars and description. */
export function personBasics(row: NamedRow) {
  return { ...nameAndAvatar(row.id, row), avatar: row.avatar, description: row.description };
}

export function toUserView(row: UserRow): UserView {
  return {
    ...personBasics(row),
    backgroundImage: row.background_image,
    smallBackgroundImage: row.small_background_image || row.background_image,
    roles: parseRoles(row.roles),
    score: row.score,
    workCount: row.work_count,
    followCount: row.follow_count,
    fansCount: row.fans_count,
    createdAt: row.created_at,
  };
}

export function toCurrentUserView(row: UserRow): CurrentUserView {
  return {
    ...toUserView(row),
    email: row.email,
    emailVerified: row.email_verified === 1,
    phone: row.phone ? maskPhone(row.phone) : null,
    hasPassword: row.password_hash !== "",
    muted: row.muted_until ? { until: row.muted_until, reason: row.mute_reason } : null,
    rightsDefaults: { license: row.default_license as LicenseKey, noai: row.default_noai === 1 },
    hideAi: row.hide_ai === 1,
  };
}

/** The author columns a list query selects (queries/users.ts authorColumns) as a person's reference. */
export type AuthorColumns = {
  user_nickname: string;
  user_username: string;
  user_avatar: string;
  user_small_avatar: string;
};

/** A person as a card names them: the small avatar, or the large one when there is no small. */
export function authorOf(id: number, row: AuthorColumns): AuthorView {
  return {
    id,
    nickname: row.user_nickname,
    username: row.user_username,
    smallAvatar: row.user_small_avatar || row.user_avatar,
  };
}

export function userRef(id: number, row: AuthorColumns): UserRef {
  return { ...authorOf(id, row), avatar: row.user_avatar };
}
