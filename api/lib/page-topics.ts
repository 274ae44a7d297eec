/**
 * What visitors' stored pages are drawn from, in topics (server/speed/stored-pages): `art:N` a work (its page, its
 * comments, its counts), `user:N` a member's own pages (profile, works, series), `lists` every listing, and `site`
 * everything (settings, navigation, nodes, a name shown anywhere). A page is stored under the topics of the reads it
 * made; a write drops the topics it changed, at once (`now`) or within a minute (`soon`: counts).
 *
 * Correct by default: a read not named here is a listing (`lists`), a write not named here drops everything, and
 * every precise write drops `lists` too (at once or soon), so a page that read something unnamed is never older than
 * the lists' minute.
 */
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import * as endpoints from "../../contract/endpoints.ts";

export const SITE = "site";
export const LISTS = "lists";
export type Topics = { now: string[]; soon: string[] };

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type Named = (input: Input, userId: number | null) => string[];

const art = (id: unknown) => `art:${Number(id)}`;
const user = (id: unknown) => `user:${Number(id)}`;
const field = (input: Input, name: string) =>
  (input.body && typeof input.body === "object" && !(input.body instanceof FormData)
    ? (input.body as Record<string, unknown>)[name]
    : undefined) ?? input.query?.[name];

const { works, comments, people, site, signin, series, folders, account, scores, ai, curation, events, tips } =
  endpoints;

/** The topics a page's read stands on; none for what every page reads (the site's own, dropped as `site`). */
const reads = new Map<Endpoint, Named>([
  [works.detail, (i) => [art(i.params?.id)]],
  [works.view, (i) => [art(i.params?.id)]],
  [comments.list, (i) => [art(i.query?.workId)]],
  [people.profile, (i) => [user(i.params?.id)]],
  [people.pinned, (i) => [user(i.params?.id)]],
  [series.ofUser, (i) => [user(i.params?.userId)]],
  [folders.ofUser, (i) => [user(i.params?.userId)]],
  [curation.followedTags, (i) => [user(i.params?.userId)]],
  [works.list, (i) => (i.query?.userId ? [user(i.query.userId)] : [LISTS])],
  [signin.current, () => []],
  [site.config, () => []],
  [site.infoPage, () => []],
  [site.tags, () => []],
  [works.nodes, () => []],
  [ai.status, () => []],
]);

export function topicsOfRead(endpoint: Endpoint, input: Input): string[] {
  return (reads.get(endpoint) ?? (() => [LISTS]))(input, null);
}

/** What an answer adds to its read's topics: a work's page stands on the works its text shows as blocks too. */
export function topicsOfAnswer(endpoint: Endpoint, answer: unknown): string[] {
  if (endpoint !== works.detail && endpoint !== works.view) return [];
  const embeds = (answer as { embeds?: unknown } | null)?.embeds;
  return Array.isArray(embeds) ? embeds.map(art) : [];
}

const counts = (topics: Named) => (i: Input, u: number | null) => ({ now: [], soon: [...topics(i, u), LISTS] });
const changes = (topics: Named) => (i: Input, u: number | null) => ({ now: [...topics(i, u), LISTS], soon: [] });
const unseen = (): Topics => ({ now: [], soon: [] });

/** What a write changes that a visitor could see; `user` is the member who wrote. */
const writes = new Map<Endpoint, (input: Input, userId: number | null) => Topics>([
  [works.create, changes((_, u) => [user(u)])],
  [works.update, changes((i) => [art(i.params?.id)])],
  [works.delete, changes((i) => [art(i.params?.id)])],
  [works.like, counts((i) => [art(i.params?.id)])],
  [works.unlike, counts((i) => [art(i.params?.id)])],
  [works.favorite, counts((i) => [art(i.params?.id)])],
  [works.unfavorite, counts((i) => [art(i.params?.id)])],
  [comments.create, (i) => ({ now: [art(field(i, "workId"))], soon: [LISTS] })],
  [comments.delete, changes((i) => [`comment:${Number(i.params?.id)}`])],
  [comments.like, counts((i) => [`comment:${Number(field(i, "commentId"))}`])],
  [people.follow, counts((i, u) => [user(field(i, "userId")), user(u)])],
  [people.unfollow, counts((i, u) => [user(field(i, "userId")), user(u)])],
  [people.pin, changes((_, u) => [user(u)])],
  [people.portfolio, changes((_, u) => [user(u)])],
  [people.background, changes((_, u) => [user(u)])],
  [scores.checkin, counts((_, u) => [user(u)])],
  [folders.create, changes((_, u) => [user(u)])],
  [folders.update, changes((_, u) => [user(u)])],
  [folders.remove, changes((_, u) => [user(u)])],
  [folders.put, counts((_, u) => [user(u)])],
  // A followed tag shows on the member's centre; an event's entries and votes on its page, a listing.
  [curation.followTag, (_, u) => ({ now: [user(u)], soon: [LISTS] })],
  [curation.unfollowTag, (_, u) => ({ now: [user(u)], soon: [LISTS] })],
  [events.enter, changes(() => [])],
  [events.withdraw, changes(() => [])],
  [events.vote, counts(() => [])],
  [tips.give, counts((i, u) => [art(i.params?.id), user(u)])],
  ...[
    account.rightsDefaults,
    account.email,
    account.password,
    account.resendVerifyMail,
    account.unlinkProvider,
    account.bindPhone,
    account.unbindPhone,
    account.saveTaste,
    account.endSessions,
    account.saveMailChoices,
    account.createToken,
    account.revokeToken,
    endpoints.admin.createInvites,
    endpoints.admin.retryJob,
    endpoints.admin.discardJob,
    endpoints.admin.saveWords,
    endpoints.admin.importStarterWords,
    ai.saveSettings,
    endpoints.inbox.readNotification,
    endpoints.inbox.readAllNotifications,
    endpoints.inbox.send,
    endpoints.inbox.block,
    endpoints.inbox.unblock,
    signin.signin,
    signin.phoneSignin,
    signin.smsSend,
    signin.signup,
    signin.passwordForgot,
    signin.passwordReset,
    signin.emailVerify,
    site.report,
    site.unsubscribe,
    endpoints.uploads.image,
    endpoints.uploads.audio,
    endpoints.webhooks.create,
    endpoints.webhooks.remove,
    endpoints.webhooks.ping,
    // 约稿 is its two parties' alone: no visitor's page shows it.
    endpoints.commissions.create,
    endpoints.commissions.step,
    endpoints.commissions.say,
  ].map((e) => [e, unseen] as const),
]);

/** The topics a write that succeeded drops: everything, unless it is named above. */
export function topicsOfWrite(endpoint: Endpoint, input: Input, userId: number | null): Topics {
  return writes.get(endpoint)?.(input, userId) ?? { now: [SITE], soon: [] };
}

/** Whether a write's topics are named (the tests: every write a visitor cannot see is named, not dropping all). */
export const namedWrite = (endpoint: Endpoint) => writes.has(endpoint);
