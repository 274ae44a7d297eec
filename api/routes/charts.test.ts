import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { apiWith, freshDatabase, insertNode, insertWork, type TestApi } from "../test/harness.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { ChartView } from "../../contract/charts/views.ts";
import { chartBurst } from "../../contract/charts/charts.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let author: Session;
let b: Session;
let c: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [owner, author, b, c],
    node,
  } = await apiWith("owner", "painter", "fan", "critic"));
  await t.season();
});
afterEach(async () => t.close());

const DAY = 86_400_000;
const publish = (title: string, nodeId = node, userId = author.user.id) => insertWork(t, { userId, nodeId, title });
const mark = (who: Session, what: "like" | "unlike" | "favorite" | "unfavorite", id: number) =>
  t.call("POST", `/api/art/${what}/${id}`, { token: who.token });
const comment = async (who: Session, workId: number, content = "画得真好") =>
  (await t.send(api.comments.create, { body: { workId, content } }, { token: who.token })).body.data.commentId;
const chart = async (query = "") => {
  const res = await t.call<ChartView>("GET", `/api/charts${query ? `?${query}` : ""}`);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
};
const places = async (query = "") =>
  (await chart(query)).entries.map((e) => [e.rank, e.work.title, e.score] as [number, string, number]);

describe("charts", () => {
  it("rank works by the weight of distinct members' likes, favorites and comments, never their author's", async () => {
    const [dawn, dusk, mine] = [await publish("晨雾"), await publish("黄昏"), await publish("自赏")];
    await mark(b, "like", dawn);
    await mark(c, "like", dawn);
    await mark(b, "favorite", dusk);
    // Three comments from one member are one; the author's own like and comment are nothing.
    for (const text of ["一", "二", "三"]) await comment(c, dusk, `第${text}条`);
    await mark(author, "like", mine);
    await comment(author, mine);
    expect(await places()).toEqual([
      [1, "黄昏", 3],
      [2, "晨雾", 2],
    ]);
    // A like given again after an unlike is the same vote; a favorite the same.
    await mark(b, "unlike", dawn);
    expect(await places()).toEqual([
      [1, "黄昏", 3],
      [2, "晨雾", 1],
    ]);
    await mark(b, "like", dawn);
    await mark(b, "like", dawn);
    expect((await places())[1]).toEqual([2, "晨雾", 2]);
  });

  it("keep a vote on the day it was first given: unliking and liking again never moves a work to a later day", async () => {
    const dawn = await publish("晨雾");
    const saturday = t.now();
    await mark(b, "like", dawn);
    t.setNow(saturday + DAY);
    expect(await places()).toEqual([]);
    await mark(b, "unlike", dawn);
    await mark(b, "like", dawn);
    expect(await places()).toEqual([]);
    expect(await places("date=2026-11-21")).toEqual([[1, "晨雾", 1]]);
    // The week holds both days.
    expect(await places("period=week")).toEqual([[1, "晨雾", 1]]);
  });

  it("count a commenter while any comment of theirs there is live: deleted or hidden, gone; restored, back", async () => {
    const dawn = await publish("晨雾");
    const first = await comment(b, dawn, "第一条");
    const second = await comment(b, dawn, "第二条");
    await t.send(api.comments.delete, { params: { id: first } }, { token: b.token });
    expect(await places()).toEqual([[1, "晨雾", 1]]);
    await t.send(
      api.admin.moderateComments,
      { body: { ids: String(second), action: "hide", reason: "广告" } },
      { token: owner.token },
    );
    expect(await places()).toEqual([]);
    await t.send(
      api.admin.moderateComments,
      { body: { ids: String(second), action: "restore" } },
      { token: owner.token },
    );
    expect(await places()).toEqual([[1, "晨雾", 1]]);
  });

  it("count nothing from a burst: a member's marks beyond the limit in a few minutes stay marks only", async () => {
    const ids: number[] = [];
    for (let i = 0; i < chartBurst.votes + 2; i++) ids.push(await publish(`作品${i}`));
    for (const id of ids) {
      await mark(b, "like", id);
      t.setNow(t.now() + 1000);
    }
    const listed = (await chart()).entries.map((e) => e.work.artId);
    expect(listed).toHaveLength(chartBurst.votes);
    expect(listed).not.toContain(ids.at(-1));
    // The uncounted like stays a like, and taking it back takes nothing from the chart.
    await mark(b, "unlike", ids.at(-1)!);
    expect((await chart()).entries).toHaveLength(chartBurst.votes);
    // Later, at a person's pace, a like counts again.
    t.setNow(t.now() + chartBurst.minutes * 60_000);
    const later = await publish("稍后");
    await mark(b, "like", later);
    expect((await chart()).entries.map((e) => e.work.artId)).toContain(later);
  });

  it("have a chart per node that follows a work moved to another node, and drop works out of sight", async () => {
    const other = await insertNode(t, "摄影");
    const dawn = await publish("晨雾");
    const photo = await publish("街角", other);
    await mark(b, "like", dawn);
    await mark(b, "like", photo);
    await mark(c, "like", photo);
    expect(await places(`nodeId=${node}`)).toEqual([[1, "晨雾", 1]]);
    expect(await places(`nodeId=${other}`)).toEqual([[1, "街角", 2]]);
    await t.send(
      api.admin.moderateWorks,
      { body: { ids: String(photo), action: "move", nodeId: node } },
      { token: owner.token },
    );
    const moved = await places(`nodeId=${node}`);
    await t.send(
      api.admin.moderateWorks,
      { body: { ids: String(photo), action: "hide", reason: "重复" } },
      { token: owner.token },
    );
    expect(moved.map((p) => p[1]).sort()).toEqual(["晨雾", "街角"].sort());
    expect(await places()).toEqual([[1, "晨雾", 1]]);
  });

  it("name each period's first and last day in China time, with the periods before and after", async () => {
    // 2026-11-21 is a Saturday; its week runs Monday the 16th to Sunday the 22nd.
    expect(await chart()).toMatchObject({
      period: "day",
      first: "2026-11-21",
      last: "2026-11-21",
      current: true,
      prev: "2026-11-20",
      next: null,
    });
    expect(await chart("period=week")).toMatchObject({ first: "2026-11-16", last: "2026-11-22", prev: "2026-11-09" });
    expect(await chart("period=month&date=2026-10-31")).toMatchObject({
      first: "2026-10-01",
      last: "2026-10-31",
      current: false,
      prev: "2026-09-01",
      next: "2026-11-01",
    });
    // 23:30 on the 21st in China is still the 21st there (15:30 UTC); half an hour later it is the 22nd.
    t.setNow(Date.UTC(2026, 10, 21, 15, 30));
    expect((await chart()).first).toBe("2026-11-21");
    t.setNow(Date.UTC(2026, 10, 21, 16, 0));
    expect((await chart()).first).toBe("2026-11-22");
  });

  it("refuse what names no chart with a reason in Chinese", async () => {
    const refused = async (query: string) => {
      const res = await t.call("GET", `/api/charts?${query}`);
      expect(res.body.success).toBe(false);
      return [res.status, res.body.message];
    };
    expect(await refused("period=year")).toEqual([400, "排行榜只有日榜、周榜和月榜"]);
    expect(await refused("date=2026-02-30")).toEqual([400, "没有这一天，请检查日期"]);
    expect(await refused("date=26-11-21")).toEqual([400, "日期格式应为 2026-11-26 这样的年-月-日"]);
    expect(await refused("date=2026-11-22")).toEqual([400, "这一天还没有到，排行榜只看今天和以前"]);
    expect(await refused("date=2020-01-01")).toEqual([400, "排行榜只保留最近 400 天"]);
    expect(await refused("nodeId=9999")).toEqual([404, "节点不存在"]);
    expect(await refused("nodeId=abc")).toEqual([400, "节点无效"]);
  });
});

describe("the migration that starts the charts (0023)", () => {
  it("makes votes and tallies of the marks there were, on the China days they were made", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      const db = database.db;
      await migrateToLatest(database, "0022_favorite_folders");
      for (const name of ["painter", "fan", "critic"])
        await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at)
          values (${name}, ${name}, ${name}, 'x', 0, 0)`.execute(db);
      await sql`insert into nodes (name, created_at) values ('插画', 0)`.execute(db);
      for (const title of ["晨雾", "黄昏"])
        await sql`insert into works (type, user_id, node_id, title, content, created_at, updated_at)
          values (0, 1, 1, ${title}, '正文', 0, 0)`.execute(db);
      // Saturday 31 October and Sunday 1 November 2026 at noon in China: one week, two months.
      const [oct31, nov1] = [Date.UTC(2026, 9, 31, 4), Date.UTC(2026, 10, 1, 4)];
      await sql`insert into likes (user_id, work_id, created_at)
        values (2, 1, ${oct31}), (3, 1, ${nov1}), (1, 1, ${nov1})`.execute(db);
      await sql`insert into favorites (user_id, work_id, created_at) values (2, 2, ${nov1})`.execute(db);
      // Two comments of the critic's are one vote; a hidden one and the author's own are none.
      await sql`insert into comments (work_id, user_id, content, status, created_at)
        values (2, 3, '好', 0, ${nov1}), (2, 3, '真好', 0, ${nov1 + 60_000}), (2, 2, '隐藏的', 2, ${nov1}),
          (2, 1, '谢谢', 0, ${nov1})`.execute(db);
      await migrateToLatest(database);
      const tallies = await db
        .selectFrom("chart_tallies")
        .select(["period", "start", "work_id", "node_id", "score"])
        .orderBy("period")
        .orderBy("start")
        .orderBy("work_id")
        .execute();
      const day = (ms: number) => Math.floor((ms + 8 * 3_600_000) / DAY);
      const [d31, d1] = [day(oct31), day(nov1)];
      expect(tallies.map((r) => [r.period, Number(r.start), r.work_id, r.node_id, Number(r.score)])).toEqual([
        ["day", d31, 1, 1, 1],
        ["day", d1, 1, 1, 1],
        ["day", d1, 2, 1, 3],
        ["month", d31 - 30, 1, 1, 1],
        ["month", d1, 1, 1, 1],
        ["month", d1, 2, 1, 3],
        ["week", d31 - 5, 1, 1, 2],
        ["week", d31 - 5, 2, 1, 3],
      ]);
    } finally {
      await database.drop();
    }
  });
});
