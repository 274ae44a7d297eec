import { TOKEN_PREFIX, tokenLimits, tokenScopeKeys, type TokenScope } from "../../../contract/account/tokens.ts";
import type { AccessTokenView, CreatedTokenView } from "../../../contract/account/views.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import {
  accessTokenOwner,
  countAccessTokens,
  deleteAccessToken,
  insertAccessToken,
  listAccessTokens,
  touchAccessToken,
} from "../../db/queries/access-tokens.ts";
import { ApiError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { hashToken, newToken } from "../../lib/token.ts";
import type { Deps } from "../deps.ts";
import { toCurrentUserView } from "../people/users.ts";

const DAY = 86_400_000;
/** When a token was last used is kept to the minute: one write then, not one per call. */
const TOUCH_EVERY_MS = 60_000;

type Row = { id: number; name: string; scopes: string; created_at: number; expires_at: number; last_used_at: number };
const viewOf = (r: Row): AccessTokenView => ({
  tokenId: r.id,
  name: r.name,
  scopes: scopesOf(r.scopes),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at) || null,
  lastUsedAt: Number(r.last_used_at) || null,
});
const scopesOf = (text: string) =>
  text.split(",").filter((s): s is TokenScope => tokenScopeKeys.includes(s as TokenScope));

export async function listTokens(deps: Deps, user: CurrentUserView): Promise<AccessTokenView[]> {
  return (await listAccessTokens(deps.db, user.id, deps.now())).map(viewOf);
}

/** Makes a token: its secret is answered this once and kept only as its hash. */
export async function createToken(
  deps: Deps,
  user: CurrentUserView,
  input: { name: string; scopes: TokenScope[]; lifetimeDays: number },
): Promise<CreatedTokenView> {
  const now = deps.now();
  if ((await countAccessTokens(deps.db, user.id, now)) >= tokenLimits.perMember)
    throw new ApiError("validation", `最多同时持有${tokenLimits.perMember}个访问令牌，请先撤销不用的`);
  const wait = await deps.limiter.hit("tokenCreate", String(user.id));
  if (wait) throw tooMany(wait, "创建访问令牌太频繁");
  const token = TOKEN_PREFIX + newToken();
  const row = {
    user_id: user.id,
    name: input.name,
    token_hash: hashToken(token),
    scopes: tokenScopeKeys.filter((k) => input.scopes.includes(k)).join(","),
    created_at: now,
    expires_at: input.lifetimeDays ? now + input.lifetimeDays * DAY : 0,
  };
  const id = await insertAccessToken(deps.db, row);
  return { token, view: viewOf({ id, ...row, last_used_at: 0 }) };
}

/** Revoked at once: the row goes, and every process asks the database on each call. */
export async function revokeToken(deps: Deps, user: CurrentUserView, tokenId: number): Promise<null> {
  if (!(await deleteAccessToken(deps.db, user.id, tokenId))) throw new ApiError("notFound", "访问令牌不存在");
  return null;
}

export type TokenGrant = { user: CurrentUserView; tokenId: number; scopes: TokenScope[] };

/**
 * Who a bearer token speaks for, and what it may do; null when it is unknown, expired or revoked, or its owner was
 * disabled. A secret without the prefix is no access token (it is never looked up).
 */
export async function tokenGrant(deps: Deps, bearer: string): Promise<TokenGrant | null> {
  if (!bearer.startsWith(TOKEN_PREFIX) || bearer.length > 100) return null;
  const now = deps.now();
  const row = await accessTokenOwner(deps.db, hashToken(bearer), now);
  if (!row || row.status !== UserStatus.active) return null;
  if (now - Number(row.last_used_at) > TOUCH_EVERY_MS) await touchAccessToken(deps.db, row.token_id, now);
  return { user: toCurrentUserView(row), tokenId: row.token_id, scopes: scopesOf(row.scopes) };
}
