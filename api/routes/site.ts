import { endpoints } from "../lib/endpoint.ts";
import { openApiDocument } from "../lib/openapi.ts";
import { site } from "../../contract/site/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { getConfig } from "../services/config.ts";
import { infoPage } from "../services/signin/access.ts";
import { listTagPage, tagInfo } from "../services/browse/browse.ts";
import { sitemapFile, sitemapSummary } from "../services/browse/sitemap.ts";
import { fileReport } from "../services/moderation/reports.ts";
import { unsubscribe } from "../services/inbox/notice-digest.ts";

/** The site's settings and info pages, tags, the sitemap's data, and 举报. */
export const siteRoutes = endpoints()
  .respond(site.openapi, async (c) => {
    const { siteUrl, siteUrlSet } = c.deps.signin;
    const { siteTitle } = await getConfig(c.deps);
    const document = openApiDocument({ serverUrl: `${siteUrlSet ? siteUrl : c.origin}/api`, title: siteTitle });
    return new Response(JSON.stringify(document), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  })
  .answer(site.config, async (c) => getConfig(c.deps))
  .answer(site.infoPage, async (c) => infoPage(c.deps, c.input.params.name))
  .answer(site.tags, async (c) => listTagPage(c.deps, c.input.query.page))
  .answer(site.tag, async (c) => tagInfo(c.deps, c.input.params.id))
  // What the web's /sitemap.xml and /sitemaps/* are built from: the files there are, and each file's rows.
  .answer(site.sitemap, async (c) => sitemapSummary(c.deps))
  .answer(site.sitemapFile, async (c) => {
    const { kind, page } = c.input.params;
    return sitemapFile(c.deps, kind, page);
  })
  .answer(site.report, async (c) => {
    const { captchaId, captchaCode, ...input } = c.input.body;
    const user = c.user ?? (input.target === "page" ? null : requireUser(c));
    return fileReport(c.deps, user, input, { ip: c.ip, captchaId, captchaCode });
  })
  .answer(site.unsubscribe, async (c) => {
    const { u, k } = c.input.query;
    return { off: await unsubscribe(c.deps, u, k) };
  }).all;
