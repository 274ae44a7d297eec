import { Feed } from "feed";
import type { FeedView } from "../../contract/feeds/views.ts";
import type { FeedFormat } from "../lib/feeds.ts";

/** Paths on this site made whole: a feed is read away from the site, where `/uploads/…` means nothing. */
const absolute = (html: string, siteUrl: string) => html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${siteUrl}/`);

/**
 * The feed as RSS 2.0 or Atom, written by the `feed` library. An item carries the work's whole text only when the API
 * gave it (its author lets machines read it); otherwise its summary and the link to its page.
 */
export function feedDocument(
  view: FeedView,
  o: { siteUrl: string; siteTitle: string; format: FeedFormat; links: Record<FeedFormat, string> },
): string {
  const { siteUrl } = o;
  const page = siteUrl + view.path;
  const newest = Math.max(0, ...view.items.map((i) => i.updatedAt));
  const feed = new Feed({
    title: `${view.title} · ${o.siteTitle}`,
    description: view.description,
    id: page,
    link: page,
    language: "zh-CN",
    updated: newest ? new Date(newest) : undefined,
    generator: o.siteTitle,
    favicon: `${siteUrl}/favicon.ico`,
    copyright: "作品版权归各自作者所有",
    feedLinks: { rss: siteUrl + o.links.rss, atom: siteUrl + o.links.atom },
  });
  for (const item of view.items) {
    const link = `${siteUrl}/art/${item.artId}`;
    feed.addItem({
      title: item.title,
      id: link,
      link,
      // RSS's pubDate is when the work came out; Atom's <updated> when it last changed, beside <published>.
      date: new Date(o.format === "rss" ? item.createdAt : item.updatedAt),
      published: new Date(item.createdAt),
      description: item.summary || item.title,
      ...(item.html && { content: absolute(item.html, siteUrl) }),
      author: [{ name: item.author.nickname, link: `${siteUrl}/user/${item.author.id}` }],
      ...(item.node && { category: [{ name: item.node.name }] }),
      ...(item.cover && { image: siteUrl + item.cover }),
    });
  }
  return o.format === "rss" ? feed.rss2() : feed.atom1();
}
