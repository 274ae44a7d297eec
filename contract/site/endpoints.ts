import { get, post } from "../shared/endpoint.ts";
import type { InfoPageView } from "../admin/views.ts";
import type { Numbered } from "../shared/page.ts";
import type { PeopleSearchResult, SearchResult, SearchSuggestions } from "../search/views.ts";
import type { SiteConfig, SitemapEntry, SitemapSummary, TagView } from "./views.ts";

/** The site's settings and pages, tags, search, the sitemap and reports (api/routes/site.ts, search.ts). */
export const site = {
  config: get<SiteConfig>()("/config/configs"),
  /** The text an admin wrote for an info page; empty for the built-in text. */
  infoPage: get<InfoPageView>()("/config/page/:name{about|protocol}"),
  tags: get<Numbered<TagView>>()("/tag/list"),
  tag: get<TagView>()("/tag/:id"),
  sitemap: get<SitemapSummary>()("/sitemap"),
  sitemapFile: get<SitemapEntry[]>()("/sitemap/:kind/:page"),
  /** 举报: a signed-in person, once per thing; a visitor, a broken page (with the captcha). */
  report: post<{ reported: boolean }>()("/report"),
  /** The digest's one-click unsubscribe (RFC 8058): `?u=&k=` from the mail, no session needed. */
  unsubscribe: post<{ off: boolean }>()("/mail/unsubscribe"),
};

export const search = {
  works: post<SearchResult>()("/search/art", { reads: true }),
  people: post<PeopleSearchResult>()("/search/user", { reads: true }),
  /** Asked on every pause in typing: a GET, so a cache or a proxy may answer it. */
  suggest: get<SearchSuggestions>()("/search/suggest"),
};
