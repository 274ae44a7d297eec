import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";
import { eventLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

/** 活动 (issue 59 part 3): made by staff, entered by tag or button, one vote a member, winners announced. */
let t: TestApi;
let owner: Session;
let painter: Session;
let rival: Session;
let voter: Session;
let node: number;
const HOUR = 3_600_000;
beforeEach(async () => {
  ({
    t,
    members: [owner, painter, rival, voter],
    node,
  } = await apiWith("owner", "painter", "rival", "voter"));
  await t.season();
});
afterEach(async () => t.close());

const at = (ms: number) => msToChinaMinute(ms);
const create = (body: Record<string, string>, who = owner) => t.send(api.events.create, { body }, { token: who.token });
async function openEvent(title = "秋日写生", tag = "秋日写生") {
  const r = await create({
    title,
    rules: "画下你眼中的秋天",
    tag,
    startsAt: at(t.now() - HOUR),
    endsAt: at(t.now() + 24 * HOUR),
  });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.data.eventId;
}
const publish = async (who: Session, title: string, tags = "") => {
  const r = await t.send(
    api.works.create,
    { body: { type: 0, nodeId: node, title, content: "正文", tags } },
    { token: who.token },
  );
  expect(r.body.success, r.body.message).toBe(true);
  t.setNow(t.now() + 1000);
  return r.body.data.artId;
};
const one = async (id: number, who?: Session) =>
  (await t.send(api.events.one, { params: { id } }, { token: who?.token })).body.data;
const enter = (id: number, workId: number, who = painter) =>
  t.send(api.events.enter, { params: { id }, body: { workId } }, { token: who.token });
const vote = (id: number, workId: number, who = voter) =>
  t.send(api.events.vote, { params: { id }, body: { workId } }, { token: who.token });

describe("an event", () => {
  it("is made by staff only, with its times in order, a site picture as cover, and its tag", async () => {
    const bad = await create({
      title: "秋",
      rules: "规则",
      tag: "秋",
      startsAt: at(t.now()),
      endsAt: at(t.now() - HOUR),
    });
    expect([bad.body.success, bad.body.message]).toEqual([false, "结束时间要晚于开始时间"]);
    const cover = await create({
      title: "秋",
      rules: "规则",
      tag: "秋",
      cover: "https://tracker.example/p.png",
      startsAt: at(t.now()),
      endsAt: at(t.now() + HOUR),
    });
    expect(cover.body.message).toContain("站内上传的图片");
    const member = await create(
      { title: "秋", rules: "规则", tag: "秋", startsAt: at(t.now()), endsAt: at(t.now() + HOUR) },
      painter,
    );
    expect(member.body.success).toBe(false);
    expect((await t.send(api.events.list, {})).body.data).toEqual([]);
    const id = await openEvent();
    const list = (await t.send(api.events.list, {})).body.data;
    expect(list.map((e) => [e.title, e.tag.name, e.state])).toEqual([["秋日写生", "秋日写生", "open"]]);
    const audit = (await t.send(api.admin.audit, { query: {} }, { token: owner.token })).body.data.results;
    expect(audit.some((a) => a.action === "event.create")).toBe(true);
    expect(id).toBeGreaterThan(0);
  });

  it("takes a work published with its tag while open, or by the button, up to the limit", async () => {
    const early = await publish(painter, "早到的画", "秋日写生");
    const id = await openEvent();
    const tagged = await publish(painter, "枫叶", "秋日写生");
    const plain = await publish(painter, "银杏");
    expect((await one(id)).entries.map((e) => e.work.title)).toEqual(["枫叶"]);
    expect((await enter(id, plain)).body.data.entryCount).toBe(2);
    // Entering twice changes nothing; another's work or a missing one is refused.
    expect((await enter(id, plain)).body.data.entryCount).toBe(2);
    expect((await enter(id, plain, rival)).body.message).toBe("只能用自己的作品参加活动");
    expect((await enter(id, 999_999)).body.success).toBe(false);
    // The work tagged before the event began is entered by its button, and fills the member's three.
    expect((await enter(id, early)).body.success).toBe(true);
    const fourth = await publish(painter, "第四幅");
    const over = await enter(id, fourth);
    expect([over.body.success, over.body.message]).toEqual([
      false,
      `每人最多参加${eventLimits.entriesPerMember}件作品`,
    ]);
    // An edit adding the tag past the limit enters nothing either.
    await publish(painter, "第五幅", "秋日写生");
    const mine = await one(id, painter);
    expect(mine.myEntries.sort()).toEqual([early, tagged, plain].sort());
    expect(mine.entryCount).toBe(3);
  });

  it("gives each member one vote, never for their own work, moved when cast again; fresh accounts do not rank", async () => {
    const id = await openEvent();
    const a = await publish(painter, "甲", "秋日写生");
    const b = await publish(rival, "乙", "秋日写生");
    expect((await vote(id, a, painter)).body.message).toBe("不能给自己的作品投票");
    await vote(id, a);
    await vote(id, a);
    let e = await one(id, voter);
    expect(e.entries.map((x) => [x.work.title, x.votes, x.countedVotes])).toEqual([
      ["甲", 1, 1],
      ["乙", 0, 0],
    ]);
    expect(e.myVote).toBe(a);
    await vote(id, b);
    const fresh = [await t.signup(), await t.signup(), await t.signup()];
    for (const f of fresh) expect((await vote(id, a, f)).body.success).toBe(true);
    e = await one(id);
    // 乙 ranks first on the one vote that counts, though 甲 shows more.
    expect(e.entries.map((x) => [x.work.title, x.votes, x.countedVotes])).toEqual([
      ["乙", 1, 1],
      ["甲", 3, 0],
    ]);
    // A visitor may not vote; a work not entered cannot be voted for.
    expect((await t.send(api.events.vote, { params: { id }, body: { workId: a } })).body.success).toBe(false);
    const outside = await publish(rival, "场外");
    expect((await vote(id, outside)).body.message).toBe("这件作品没有参加这个活动");
  });

  it("gives the votes back when an entry is withdrawn, and closes entries and votes when it ends", async () => {
    const id = await openEvent();
    const a = await publish(painter, "甲", "秋日写生");
    const b = await publish(rival, "乙", "秋日写生");
    await vote(id, a);
    expect(
      (await t.send(api.events.withdraw, { params: { id }, body: { workId: a } }, { token: rival.token })).body.message,
    ).toBe("只能撤回自己的参赛作品");
    await t.send(api.events.withdraw, { params: { id }, body: { workId: a } }, { token: painter.token });
    let e = await one(id, voter);
    expect([e.entries.map((x) => x.work.title), e.myVote]).toEqual([["乙"], null]);
    expect((await vote(id, b)).body.success).toBe(true);
    t.setNow(t.now() + 25 * HOUR);
    e = await one(id);
    expect(e.state).toBe("ended");
    expect((await vote(id, b, painter)).body.message).toBe("活动已经结束");
    expect((await enter(id, a)).body.message).toBe("活动已经结束");
    // A work tagged after the end is not entered.
    await publish(painter, "迟到", "秋日写生");
    expect((await one(id)).entries.map((x) => x.work.title)).toEqual(["乙"]);
  });

  it("announces up to three places after it ends, once, telling the winners; their pages show it", async () => {
    const id = await openEvent();
    const a = await publish(painter, "甲", "秋日写生");
    const b = await publish(rival, "乙", "秋日写生");
    const announce = (body: Record<string, number>, who = owner) =>
      t.send(api.events.announce, { params: { id }, body }, { token: who.token });
    expect((await announce({ first: a })).body.message).toBe("活动结束后才能公布结果");
    t.setNow(t.now() + 25 * HOUR);
    expect((await announce({ first: a }, painter)).body.success).toBe(false);
    expect((await announce({ first: a, second: a })).body.message).toBe("同一件作品只能获得一个名次");
    const outside = await publish(voter, "场外");
    expect((await announce({ first: outside })).body.message).toContain("不是这个活动的参赛作品");
    expect((await announce({ first: b, second: a })).body.data.winners).toBe(2);
    const e = await one(id);
    expect(e.state).toBe("announced");
    expect(e.winners.map((w) => [w.work.title, w.place])).toEqual([
      ["乙", 1],
      ["甲", 2],
    ]);
    const told = (await t.send(api.inbox.notifications, { query: {} }, { token: rival.token })).body.data.results;
    expect(told.find((n) => n.kind === "award")?.detail).toBe("活动《秋日写生》中获得第一名");
    expect((await t.send(api.works.detail, { params: { id: a } })).body.data.awards).toEqual([
      { eventId: id, title: "秋日写生", place: 2 },
    ]);
    expect((await announce({ first: a })).body.message).toBe("这个活动的结果已经公布");
    const edit = await t.send(
      api.events.update,
      {
        params: { id },
        body: { title: "改名", rules: "规则", tag: "秋日写生", startsAt: at(t.now()), endsAt: at(t.now() + HOUR) },
      },
      { token: owner.token },
    );
    expect(edit.body.message).toBe("结果已公布的活动不能再修改");
  });
});

describe("many posts at once", () => {
  it("one member's votes sent together leave one vote, and their entries stop at the limit", async () => {
    const id = await openEvent();
    const a = await publish(painter, "甲", "秋日写生");
    const b = await publish(rival, "乙", "秋日写生");
    const votes = await Promise.all([...Array(8).keys()].map((i) => vote(id, i % 2 ? a : b)));
    expect(votes.every((v) => v.body.success)).toBe(true);
    const rows = await t.db.selectFrom("event_votes").select("work_id").where("user_id", "=", voter.user.id).execute();
    expect(rows).toHaveLength(1);
    const e = await one(id, voter);
    expect(e.entries.reduce((n, x) => n + x.votes, 0)).toBe(1);
    expect(e.entries.find((x) => x.votes === 1)?.work.artId).toBe(rows[0].work_id);

    const works = [];
    for (let i = 0; i < 6; i++) works.push(await publish(voter, `画${i}`));
    const entered = await Promise.all(works.map((w) => enter(id, w, voter)));
    expect(entered.filter((r) => r.body.success)).toHaveLength(eventLimits.entriesPerMember);
    expect((await one(id, voter)).myEntries).toHaveLength(eventLimits.entriesPerMember);
  });
});
