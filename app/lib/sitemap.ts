import type { SitemapEntry, SitemapKind } from "../../contract/site/views.ts";

/** Text for XML: the five characters that could end a value or start markup. */
export function xmlText(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const day = (ms: number) => new Date(ms || Date.now()).toISOString();

/** Each kind's page on the site. */
export const pathOf: Record<SitemapKind, (id: number) => string> = {
  works: (id) => `/art/${id}`,
  tags: (id) => `/arts/tag/${id}`,
  people: (id) => `/user/${id}`,
  nodes: (id) => `/arts/node/${id}`,
};

/** The listings that are the same for everyone, always in the nodes file. */
export const fixedPages = [
  "/",
  "/arts",
  "/articles",
  "/topics",
  "/projects",
  "/links",
  "/tags",
  "/different",
  "/picks",
  "/events",
];

export function urlset(siteUrl: string, urls: { path: string; lastmod?: number }[]): string {
  const items = urls.map(
    (u) =>
      `<url><loc>${xmlText(siteUrl + u.path)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</urlset>\n`;
}

export function sitemapIndex(siteUrl: string, files: { name: string; lastmod: number }[]): string {
  const items = files.map(
    (f) =>
      `<sitemap><loc>${xmlText(`${siteUrl}/sitemaps/${f.name}`)}</loc><lastmod>${day(f.lastmod)}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export const entriesToUrls = (kind: SitemapKind, entries: SitemapEntry[]) =>
  entries.map((e) => ({ path: pathOf[kind](e.id), lastmod: e.lastmod }));

/** Served as XML, cacheable for an hour by crawlers and proxies. */
export const xmlResponse = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
