import { z } from "zod";
import { get, post, raw } from "../shared/endpoint.ts";
import { id, pageNumber } from "../shared/fields.ts";
import { reportSchema } from "../admin/schemas.ts";
import { unsubscribeSchema } from "../jobs/schemas.ts";
import { searchSchema, userSearchSchema } from "../search/schemas.ts";
import type { InfoPageView } from "../admin/views.ts";
import type { Numbered } from "../shared/page.ts";
import type { PeopleSearchResult, SearchResult, SearchSuggestions } from "../search/views.ts";
import type { SiteConfig, SitemapEntry, SitemapSummary, TagView } from "./views.ts";

/** The site's settings and pages, tags, search, the sitemap and reports (api/routes/site.ts, search.ts). */
export const site = {
  /** This API described in OpenAPI 3.1 (JSON), written from the declarations; the reference at /developers reads it. */
  openapi: raw("/openapi.json", { summary: "本接口的 OpenAPI 3.1 描述" }),
  config: get<SiteConfig>()("/config/configs", { summary: "站点设置与导航" }),
  /** The text an admin wrote for an info page; empty for the built-in text. */
  infoPage: get<InfoPageView>()("/config/page/:name{about|protocol}", {
    summary: "关于与协议页的文字",
    params: { name: z.enum(["about", "protocol"]) },
  }),
  tags: get<Numbered<TagView>>()("/tag/list", { summary: "标签列表", query: z.object({ page: pageNumber }) }),
  tag: get<TagView>()("/tag/:id", { summary: "标签详情", params: { id: id("标签") } }),
  sitemap: get<SitemapSummary>()("/sitemap", { summary: "站点地图的分片" }),
  sitemapFile: get<SitemapEntry[]>()("/sitemap/:kind/:page", {
    summary: "站点地图的一个分片",
    params: {
      kind: z.enum(["works", "tags", "people", "nodes"], { error: "站点地图类型无效" }),
      page: z.coerce.number({ error: "页码无效" }).int("页码无效").min(0, "页码无效").max(100_000, "页码无效"),
    },
  }),
  /** 举报: a signed-in person, once per thing; a visitor, a broken page (with the captcha). */
  report: post<{ reported: boolean }>()("/report", { summary: "举报", body: reportSchema }),
  /** The digest's one-click unsubscribe (RFC 8058): `?u=&k=` from the mail, no session needed. */
  unsubscribe: post<{ off: boolean }>()("/mail/unsubscribe", {
    summary: "一键退订邮件摘要",
    query: unsubscribeSchema,
    // RFC 8058: the mail client posts this one field.
    body: z.object({ "List-Unsubscribe": z.string().max(40).optional() }),
  }),
};

export const search = {
  works: post<SearchResult>()("/search/art", { summary: "搜索作品", reads: true, body: searchSchema }),
  people: post<PeopleSearchResult>()("/search/user", { summary: "搜索用户", reads: true, body: userSearchSchema }),
  /** Asked on every pause in typing: a GET, so a cache or a proxy may answer it. */
  suggest: get<SearchSuggestions>()("/search/suggest", {
    summary: "搜索联想",
    query: z.object({ q: z.string().max(200).default("") }),
  }),
};
