import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";

/**
 * Throwaway accounts (issue 53): twelve accounts a minute old liking, favoriting and commenting put a new work at #1
 * of 日榜 and paid its author 72 points. Marks now weigh by the marker's standing (contract/charts/charts.ts markStanding).
 */
let t: TestApi;
let author: Session;
let regular: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [, author, regular],
    node,
  } = await apiWith("owner", "painter", "regular"));
  await t.season();
});
afterEach(async () => t.close());

const DAY = 86_400_000;
const act = (who: Session, path: string, body?: Record<string, string | number>) =>
  t.call("POST", path, { token: who.token, body });
const dayChart = async () =>
  (await t.send(api.charts.chart, { query: { period: "day" } })).body.data.entries.map((e) => [e.work.title, e.score]);
const points = async (who: Session) => (await t.send(api.scores.mine, {}, { token: who.token })).body.data.score;

async function crowd(n: number) {
  const out: Session[] = [];
  for (let i = 0; i < n; i++) out.push(await t.signup());
  return out;
}

describe("marks weigh by the marker's standing", () => {
  it("a dozen fresh accounts move no chart and pay nothing, though their marks show", async () => {
    const real = await insertWork(t, { userId: regular.user.id, nodeId: node, title: "真正的好画" });
    const rigged = await insertWork(t, { userId: author.user.id, nodeId: node, title: "刷出来的画" });
    await act(author, `/api/art/like/${real}`);
    const before = await points(author);
    for (const fresh of await crowd(12)) {
      await act(fresh, `/api/art/like/${rigged}`);
      await act(fresh, `/api/art/favorite/${rigged}`);
      await act(fresh, "/api/comment/create", { workId: rigged, content: "太棒了" });
      await act(fresh, "/api/fans/follow", { userId: author.user.id });
    }
    expect(await dayChart()).toEqual([["真正的好画", 1]]);
    expect(await points(author)).toBe(before);
    // The page still counts every like.
    expect((await t.send(api.works.detail, { params: { id: rigged } })).body.data.likeCount).toBe(12);
  });

  it("counts a member a day old with a verified contact, and anyone a week old", async () => {
    const work = await insertWork(t, { userId: author.user.id, nodeId: node, title: "慢慢被看见" });
    const [verified, plain] = await crowd(2);
    await t.db.updateTable("users").set({ email_verified: 1 }).where("id", "=", verified.user.id).execute();
    t.setNow(t.now() + DAY);
    const before = await points(author);
    await act(verified, `/api/art/like/${work}`);
    await act(plain, `/api/art/like/${work}`);
    expect(await dayChart()).toEqual([["慢慢被看见", 1]]);
    expect(await points(author)).toBeGreaterThan(before);
    t.setNow(t.now() + 6 * DAY);
    const second = await insertWork(t, { userId: author.user.id, nodeId: node, title: "一周以后" });
    await act(plain, `/api/art/favorite/${second}`);
    expect(await dayChart()).toEqual([["一周以后", 2]]);
  });

  it("推荐 does not put a fresh account's unloved works above a member's loved ones", async () => {
    const loved = (
      await t.send(
        api.works.create,
        { body: { type: 0, nodeId: node, title: "被喜欢的老作品", content: "一幅画" } },
        { token: regular.token },
      )
    ).body.data.artId;
    await act(author, `/api/art/like/${loved}`);
    t.setNow(t.now() + DAY);
    const [fresh] = await crowd(1);
    for (const title of ["新号作品一", "新号作品二"])
      await t.send(
        api.works.create,
        { body: { type: 0, nodeId: node, title, content: "刚注册就发" } },
        { token: fresh.token },
      );
    const list = (await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=recommend")).body.data.results;
    expect(list.map((w) => w.title).slice(0, 3)).toEqual(["被喜欢的老作品", "新号作品二", "新号作品一"]);
  });
});
