import { z } from "zod";
import { endpoints } from "../lib/endpoint.ts";
import { site } from "../../contract/site/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { id, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { getConfig } from "../services/config.ts";
import { infoPage } from "../services/signin/access.ts";
import { listTagPage, tagInfo } from "../services/browse/browse.ts";
import { sitemapFile, sitemapSummary } from "../services/browse/sitemap.ts";
import { fileReport } from "../services/moderation/reports.ts";
import { reportSchema } from "../../contract/admin/schemas.ts";
import { unsubscribeSchema } from "../../contract/jobs/schemas.ts";
import { unsubscribe } from "../services/inbox/notice-digest.ts";

export const pageNumber = z.coerce
  .number({ error: "页码无效" })
  .int("页码无效")
  .min(1, "页码无效")
  .max(100_000, "页码无效")
  .default(1);
const pageQuery = z.object({ page: pageNumber });
const tagId = id("标签");
const sitemapPart = z.object({
  kind: z.enum(["works", "tags", "people", "nodes"], { error: "站点地图类型无效" }),
  page: z.coerce.number({ error: "页码无效" }).int("页码无效").min(0, "页码无效").max(100_000, "页码无效"),
});

/** The site's settings and info pages, tags, the sitemap's data, and 举报. */
export const siteRoutes = endpoints()
  .answer(site.config, async (c) => getConfig(c.deps))
  .answer(site.infoPage, async (c) => infoPage(c.deps, c.params.name as "about" | "protocol"))
  .answer(site.tags, async (c) => listTagPage(c.deps, parseQuery(c, pageQuery).page))
  .answer(site.tag, async (c) => tagInfo(c.deps, parse(tagId, c.params.id)))
  // What the web's /sitemap.xml and /sitemaps/* are built from: the files there are, and each file's rows.
  .answer(site.sitemap, async (c) => sitemapSummary(c.deps))
  .answer(site.sitemapFile, async (c) => {
    const q = parse(sitemapPart, { kind: c.params.kind, page: c.params.page });
    return sitemapFile(c.deps, q.kind, q.page);
  })
  .answer(site.report, async (c) => {
    const { captchaId, captchaCode, ...input } = await parseBody(c, reportSchema);
    const user = c.user ?? (input.target === "page" ? null : requireUser(c));
    return fileReport(c.deps, user, input, { ip: c.ip, captchaId, captchaCode });
  })
  .answer(site.unsubscribe, async (c) => {
    const { u, k } = parseQuery(c, unsubscribeSchema);
    return { off: await unsubscribe(c.deps, u, k) };
  }).all;
