import type { MetaDescriptor } from "react-router";
import type { SiteData } from "../root.tsx";
import { unpack, type Packed } from "../speed/packed.ts";
import { feedLinks, type FeedOf } from "./feeds.ts";

type Match = { id: string; loaderData?: unknown } | undefined;
type Root = Partial<SiteData>;

/** The root's data, as a meta function sees it among its matches. */
export function rootOf(matches: Match[]): Root {
  const packed = matches.find((m) => m?.id === "root")?.loaderData as Packed<Root> | undefined;
  return packed ? unpack(packed) : {};
}

/**
 * What a listing page tells search engines and link previews: its own title and description, its canonical
 * address (the path without paging cursors, at SITE_URL), Open Graph with the site's name, a twitter card, and the
 * feeds that follow it.
 */
export function listingMeta(
  matches: Match[],
  page: { title: string; description: string; path: string; noindex?: boolean; wholeTitle?: boolean; feed?: FeedOf },
): MetaDescriptor[] {
  const root = rootOf(matches);
  const siteTitle = root.config?.siteTitle ?? "艺社";
  const url = `${root.siteUrl ?? ""}${page.path}`;
  const title = page.wholeTitle || page.title === siteTitle ? page.title : `${page.title} · ${siteTitle}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(root.config?.siteKeywords ? [{ name: "keywords", content: root.config.siteKeywords }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteTitle },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(page.feed ? feedLinks(page.feed, page.wholeTitle ? siteTitle : page.title) : []),
  ];
}

/** The home page's title: the site's name and what it is (its description's first sentence, at most 40 characters). */
export function homeTitle(siteTitle: string, description: string): string {
  const what = description
    .split(/[。！？!?\n]/)[0]
    .trim()
    .slice(0, 40);
  return what ? `${siteTitle} · ${what}` : siteTitle;
}
