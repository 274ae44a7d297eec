import { generateState } from "arctic";
import { findUserById } from "../../db/queries/users.ts";
import {
  deleteIdentity,
  findIdentity,
  insertIdentity,
  insertOAuthState,
  listIdentities,
  pendingVerifyEmail,
  takeOAuthState,
} from "../../db/queries/signin.ts";
import { isUniqueViolation } from "../../db/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { authorizationUrl, configuredProviders, fetchProfile, OAuthDown, type OAuthProfile } from "../../lib/oauth.ts";
import { hashToken } from "../../lib/token.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { safeRef } from "../../../contract/shared/return-path.ts";
import { oauthLabels, type OAuthProvider } from "../../../contract/signin/ways-in.ts";
import { nicknameProblem } from "../../../contract/people/identity.ts";
import { isReservedName } from "../../lib/fold.ts";
import type { SigninWaysView } from "../../../contract/account/views.ts";
import type { CurrentUserView, OAuthResult, OAuthStart } from "../../../contract/signin/views.ts";
import { issueSession, openAccount, type SessionOrigin } from "./auth.ts";
import type { Deps } from "../deps.ts";
import { assertWayOn } from "./access.ts";
import { assertMaySignIn } from "../moderation/restrictions.ts";
import { assertAnotherWayIn } from "./ways-in.ts";
import { describeError } from "../../../contract/shared/log.ts";

/**
 * WeChat, Weibo, QQ, GitHub and OSChina sign-in. A start stores its state (hashed, ten minutes, good once) with the PKCE verifier,
 * the return path and, when a signed-in person is linking, who they are; the return must bring that state back,
 * and a link is finished only by the person who began it. The web binds the state to the browser with a cookie.
 */
const STATE_TTL_MS = 10 * 60_000;

function keysOf(deps: Deps, provider: OAuthProvider) {
  const keys = deps.signin.oauth[provider];
  if (!keys || !configuredProviders(deps.signin.oauth).includes(provider))
    throw new ApiError("notFound", `本站未开启${oauthLabels[provider]}登录`);
  return keys;
}

/**
 * The address the provider sends the browser back to: requirements §2 /user/{provider}/callback on this site, at
 * SITE_URL; without it, at the address the browser is using (`here`), so the return finds its state cookie.
 */
export const callbackUrl = (deps: Deps, provider: OAuthProvider, here?: string) =>
  `${deps.signin.siteUrlSet || !here ? deps.signin.siteUrl : here}/user/${provider}/callback`;

export async function startOAuth(
  deps: Deps,
  provider: OAuthProvider,
  input: { ref?: string; link: boolean },
  user: CurrentUserView | null,
  ip: string,
  here?: string,
): Promise<OAuthStart & { state: string }> {
  const keys = keysOf(deps, provider);
  await assertWayOn(deps, provider);
  if (input.link && !user) throw new ApiError("notSignedIn");
  const wait = await deps.limiter.hit("oauthIp", ip);
  if (wait) throw tooMany(wait);
  const state = generateState();
  const { url, verifier } = authorizationUrl(provider, keys, callbackUrl(deps, provider, here), state);
  await insertOAuthState(
    deps.db,
    {
      state_hash: hashToken(state),
      provider,
      verifier,
      // Kept in the row: a path too long to be a page of ours goes home instead.
      ref: (input.ref?.length ?? 0) > 500 ? "/" : safeRef(input.ref),
      link_user_id: input.link && user ? user.id : null,
      expires_at: deps.now() + STATE_TTL_MS,
    },
    deps.now(),
  );
  return { url, state };
}

/** Providers' names are whatever people typed there: cut to a nickname's length, control characters out. */
const cleanName = (name: string, fallback: string) => {
  const clean = name
    .replace(/[\p{C}\s]+/gu, " ")
    .trim()
    .slice(0, 16);
  // A reserved name (管理员, admin…) is not taken over from a provider either.
  return clean && !nicknameProblem(clean) && !isReservedName(clean) ? clean : fallback;
};

/** The return: `error` is the provider's (the person said no); otherwise trade the code and sign in or link. */
export async function finishOAuth(
  deps: Deps,
  provider: OAuthProvider,
  input: { code?: string; state?: string; error?: string },
  user: CurrentUserView | null,
  origin: SessionOrigin,
  here?: string,
): Promise<OAuthResult> {
  const keys = keysOf(deps, provider);
  const row = input.state ? await takeOAuthState(deps.db, hashToken(input.state)) : undefined;
  if (!row || row.provider !== provider || row.expires_at <= deps.now()) throw new ApiError("oauthState");
  // WeChat sends a refusal back with the state alone, the others with an error.
  if (input.error || !input.code) throw new ApiError("oauthFailed", `你取消了${oauthLabels[provider]}授权`);
  if (row.link_user_id !== null && row.link_user_id !== user?.id) throw new ApiError("oauthState");

  let profile: OAuthProfile;
  try {
    profile = await fetchProfile(provider, keys, callbackUrl(deps, provider, here), input.code, row.verifier);
  } catch (err) {
    deps.log.warn("oauth failed", { provider, error: describeError(err) });
    if (err instanceof OAuthDown) throw new ApiError("oauthDown", `暂时无法连接${oauthLabels[provider]}，请稍后再试`);
    throw new ApiError("oauthFailed", `${oauthLabels[provider]}登录未完成，请重试`);
  }
  const name = cleanName(profile.name, `${oauthLabels[provider]}用户`);
  const linked = await findIdentity(deps.db, provider, profile.id);

  if (row.link_user_id !== null) {
    if (linked && linked.user_id !== row.link_user_id) throw new ApiError("identityTaken");
    if (!linked) {
      try {
        await insertIdentity(deps.db, {
          user_id: row.link_user_id,
          provider,
          provider_user_id: profile.id,
          name,
          created_at: deps.now(),
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new ApiError("identityTaken", `你已绑定了另一个${oauthLabels[provider]}账号，请先解绑`);
      }
    }
    return { session: null, linked: provider, ref: row.ref };
  }

  if (linked) {
    const owner = await findUserById(deps.db, linked.user_id);
    if (!owner) throw new ApiError("userNotFound");
    await assertMaySignIn(deps, owner);
    return { session: await issueSession(deps, owner.id, origin, oauthLabels[provider]), linked: null, ref: row.ref };
  }
  let userId: number;
  try {
    userId = await openAccount(deps, {
      nickname: name,
      usernameHint: profile.login,
      identity: { provider, providerUserId: profile.id, name },
    });
  } catch (err) {
    // Two returns for one new person at once: the other made the account.
    if (!isUniqueViolation(err)) throw err;
    const again = await findIdentity(deps.db, provider, profile.id);
    if (!again) throw err;
    userId = again.user_id;
  }
  return { session: await issueSession(deps, userId, origin, oauthLabels[provider]), linked: null, ref: row.ref };
}

export async function signinWays(deps: Deps, user: CurrentUserView): Promise<SigninWaysView> {
  const rows = await listIdentities(deps.db, user.id);
  return {
    identities: rows.map((r) => ({ provider: r.provider as OAuthProvider, name: r.name, linkedAt: r.created_at })),
    providers: configuredProviders(deps.signin.oauth),
    pendingEmail: await pendingVerifyEmail(deps.db, user.id, deps.now()),
  };
}

export async function unlinkProvider(deps: Deps, user: CurrentUserView, provider: OAuthProvider): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await assertAnotherWayIn(trx, user.id, provider);
    await deleteIdentity(trx, user.id, provider);
  });
}
