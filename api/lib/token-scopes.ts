import * as declared from "../../contract/endpoints.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import type { TokenScope } from "../../contract/account/tokens.ts";

const {
  charts,
  commissions,
  tips,
  curation,
  events,
  comments,
  drafts,
  feeds,
  folders,
  inbox,
  people,
  scores,
  search,
  series,
  signin,
  site,
  uploads,
  works,
} = declared;
const gets = (...groups: Record<string, Endpoint>[]) =>
  groups.flatMap((g) => Object.values(g).filter((e) => e.method === "GET"));
const posts = (...groups: Record<string, Endpoint>[]) =>
  groups.flatMap((g) => Object.values(g).filter((e) => e.method !== "GET"));

/**
 * What each scope opens. Anything not listed is closed to every token: the admin area, the account's settings and
 * tokens, signing in, the site's AI, reports and the daily sign-in, whatever scopes a token holds.
 */
const opens: Record<TokenScope, Endpoint[]> = {
  read: [
    ...gets(works, comments, people, site, search, charts, series, folders, drafts, scores, feeds, curation),
    events.list,
    events.one,
    works.view,
    search.works,
    search.people,
  ],
  works: [
    works.create,
    works.update,
    works.delete,
    people.pin,
    events.enter,
    events.withdraw,
    ...posts(drafts, series, folders, uploads),
  ],
  social: [
    works.like,
    works.unlike,
    works.favorite,
    works.unfavorite,
    people.follow,
    people.unfollow,
    curation.followTag,
    curation.unfollowTag,
    tips.give,
    events.vote,
    ...posts(comments),
  ],
  messages: [...gets(inbox), ...posts(inbox), commissions.list, commissions.one, ...posts(commissions)],
};

const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;
const scopeOfKey = new Map<string, TokenScope>();
for (const [scope, endpoints] of Object.entries(opens) as [TokenScope, Endpoint[]][])
  for (const e of endpoints) if (!scopeOfKey.has(keyOf(e))) scopeOfKey.set(keyOf(e), scope);

/** Who the token speaks for: any live token may ask, whatever its scopes (the uploads' gate asks it too). */
const anyScope = keyOf(signin.current);

/** The scope a token needs for this endpoint, "any" when every live token may call it, null when none may. */
export function tokenScopeOf(endpoint: Endpoint): TokenScope | "any" | null {
  const key = keyOf(endpoint);
  return key === anyScope ? "any" : (scopeOfKey.get(key) ?? null);
}
