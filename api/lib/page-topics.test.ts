import { describe, expect, it } from "vitest";
import * as endpoints from "../../contract/endpoints.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import { writes } from "../serve/dispatch.ts";
import { LISTS, namedWrite, SITE, topicsOfAnswer, topicsOfRead, topicsOfWrite } from "./page-topics.ts";

const { works, comments, people, site, admin, signin } = endpoints;
const all = Object.values(endpoints).flatMap((group) => Object.values(group as Record<string, Endpoint>));

describe("the topics of visitors' stored pages", () => {
  it("names a page's reads by what they stand on, and any other read as a listing", () => {
    expect(topicsOfRead(works.view, { params: { id: "12" } })).toEqual(["art:12"]);
    expect(topicsOfRead(comments.list, { query: { workId: 12 } })).toEqual(["art:12"]);
    expect(topicsOfRead(works.list, { query: { userId: 7, limit: 5 } })).toEqual(["user:7"]);
    expect(topicsOfRead(works.list, { query: { node: 3 } })).toEqual([LISTS]);
    expect(topicsOfRead(people.profile, { params: { id: 7 } })).toEqual(["user:7"]);
    expect(topicsOfRead(site.config, {})).toEqual([]);
    expect(topicsOfRead(endpoints.charts.chart, {})).toEqual([LISTS]);
  });

  it("adds the works a work's text shows as blocks to its page's topics, from the answer", () => {
    expect(topicsOfAnswer(works.view, { artId: 12, embeds: [3, 4] })).toEqual(["art:3", "art:4"]);
    expect(topicsOfAnswer(works.detail, { artId: 12, embeds: [] })).toEqual([]);
    expect(topicsOfAnswer(works.list, { embeds: [3] })).toEqual([]);
    expect(topicsOfAnswer(works.view, null)).toEqual([]);
  });

  it("drops what a write changed, at once or (counts) soon, and everything for a write it does not name", () => {
    expect(topicsOfWrite(works.update, { params: { id: "5" } }, 1)).toEqual({ now: ["art:5", LISTS], soon: [] });
    expect(topicsOfWrite(works.like, { params: { id: "5" } }, 1)).toEqual({ now: [], soon: ["art:5", LISTS] });
    expect(topicsOfWrite(comments.create, { body: { workId: "5" } }, 1)).toEqual({ now: ["art:5"], soon: [LISTS] });
    expect(topicsOfWrite(people.follow, { body: { userId: "9" } }, 1)).toEqual({
      now: [],
      soon: ["user:9", "user:1", LISTS],
    });
    expect(topicsOfWrite(admin.saveConfig, { body: {} }, 1)).toEqual({ now: [SITE], soon: [] });
    expect(topicsOfWrite(endpoints.account.profile, { body: {} }, 1)).toEqual({ now: [SITE], soon: [] });
    expect(topicsOfWrite(signin.signin, { body: {} }, null)).toEqual({ now: [], soon: [] });
  });

  it("lets no write a visitor could see pass unnamed as unseen: every admin write but a few drops everything", () => {
    const unseen = all.filter(
      (e) => writes(e) && namedWrite(e) && !topicsOfWrite(e, {}, 1).now.length && !topicsOfWrite(e, {}, 1).soon.length,
    );
    for (const e of unseen)
      expect(e.path, `${e.path} changes nothing a visitor sees`).toMatch(
        /^\/(user\/(set\/rights|account|email|oauth|phone|taste|sessions|mail-choices|tokens|webhooks)|admin\/(invites|jobs|words|ai)|notification|message|login|report|mail|upload|commissions)/,
      );
    const adminWrites = all.filter((e) => writes(e) && e.path.startsWith("/admin/") && !namedWrite(e));
    for (const e of adminWrites) expect(topicsOfWrite(e, {}, 1).now).toEqual([SITE]);
  });
});
