import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertWork, startApi, type TestApi } from "../test/harness.ts";
import { seedPeople } from "../seed/people.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { FollowState, PersonView } from "../../contract/people/views.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let ann: Session;
let bo: Session;
let cy: Session;
beforeEach(async () => {
  t = await startApi();
  [ann, bo, cy] = [await t.signup(), await t.signup(), await t.signup()];
});
afterEach(async () => t.close());

const follow = (who: Session, userId: number, on = true) =>
  t.call<FollowState>("POST", `/api/fans/${on ? "follow" : "unfollow"}`, { body: { userId }, token: who.token });
const profile = async (userId: number, who?: Session) =>
  (await t.send(api.people.profile, { params: { id: userId } }, { token: who?.token })).body.data;
const counts = async (userId: number) => {
  const p = await profile(userId);
  return { follows: p.followCount, fans: p.fansCount };
};

describe("following", () => {
  it("follows and unfollows, keeping both counters exact; a repeat changes nothing", async () => {
    expect((await follow(ann, bo.user.id)).body.data).toEqual({ followed: true, fansCount: 1 });
    expect((await follow(ann, bo.user.id)).body.data).toEqual({ followed: true, fansCount: 1 });
    await follow(cy, bo.user.id);
    expect(await counts(bo.user.id)).toEqual({ follows: 0, fans: 2 });
    expect(await counts(ann.user.id)).toEqual({ follows: 1, fans: 0 });
    const is = await t.send(api.people.isFollowed, { query: { userId: bo.user.id } }, { token: ann.token });
    expect(is.body.data).toBe(true);
    expect((await follow(ann, bo.user.id, false)).body.data).toEqual({ followed: false, fansCount: 1 });
    expect((await follow(ann, bo.user.id, false)).body.data).toEqual({ followed: false, fansCount: 1 });
    expect(await counts(ann.user.id)).toEqual({ follows: 0, fans: 0 });
    expect((await t.send(api.people.isFollowed, { query: { userId: bo.user.id } })).body.data).toBe(false);
  });

  it("stays exact under parallel follows and unfollows", async () => {
    await Promise.all(Array.from({ length: 8 }, () => follow(ann, bo.user.id)));
    expect(await counts(bo.user.id)).toEqual({ follows: 0, fans: 1 });
    await Promise.all(Array.from({ length: 8 }, () => follow(ann, bo.user.id, false)));
    expect(await counts(bo.user.id)).toEqual({ follows: 0, fans: 0 });
    expect(await counts(ann.user.id)).toEqual({ follows: 0, fans: 0 });
  });

  it("refuses yourself, someone who does not exist, a bad id and a visitor, changing nothing", async () => {
    const self = await follow(ann, ann.user.id);
    expect([self.status, self.body.message]).toEqual([400, "不能关注自己"]);
    const ghost = await follow(ann, 999_999);
    expect([ghost.status, ghost.body.message]).toEqual([404, "用户不存在"]);
    const bad = await t.send(api.people.follow, { body: { userId: "abc" } }, { token: ann.token });
    expect([bad.status, bad.body.message]).toEqual([400, "用户无效"]);
    const visitor = await t.send(api.people.follow, { body: { userId: bo.user.id } });
    expect([visitor.status, visitor.body.message]).toEqual([401, "请先登录"]);
    expect(await counts(ann.user.id)).toEqual({ follows: 0, fans: 0 });
    expect(await counts(bo.user.id)).toEqual({ follows: 0, fans: 0 });
  });

  it("lists followers and following latest first, paged, marking whom the viewer follows", async () => {
    const people = [ann, cy];
    for (const [i, p] of people.entries()) {
      t.setNow(t.now() + 1000 * (i + 1));
      await follow(p, bo.user.id);
    }
    await follow(ann, cy.user.id);
    const fans = await t.call<Page<PersonView>>("GET", `/api/fans/fans?userId=${bo.user.id}`, { token: ann.token });
    expect(fans.body.data.results.map((p) => [p.id, p.followed])).toEqual([
      [cy.user.id, true],
      [ann.user.id, false],
    ]);
    const following = await t.call<Page<PersonView>>("GET", `/api/fans/follows?userId=${ann.user.id}`);
    expect(following.body.data.results.map((p) => p.id).sort()).toEqual([bo.user.id, cy.user.id].sort());
  });

  it("pages a long list of followers without repeating or skipping anyone", async () => {
    const fans: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = await t.signup();
      fans.push(s.user.id);
      await follow(s, bo.user.id);
    }
    const seen: number[] = [];
    let cursor = "";
    do {
      const page = await t.call<Page<PersonView>>("GET", `/api/fans/fans?userId=${bo.user.id}&cursor=${cursor}`);
      seen.push(...page.body.data.results.map((p) => p.id));
      cursor = page.body.data.cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(fans.sort());
  });
});

describe("the following feed", () => {
  it("pages the works of the people one follows, newest first, and forgets someone unfollowed", async () => {
    const node = await insertNode(t, "插画");
    const start = t.now() - 100_000;
    const byBo: number[] = [];
    for (let i = 0; i < 40; i++) {
      const author = [bo, cy, ann][i % 3];
      const id = await insertWork(t, { userId: author.user.id, nodeId: node, createdAt: start + i * 1000 });
      if (author === bo) byBo.push(id);
    }
    await follow(ann, bo.user.id);
    await follow(ann, cy.user.id);
    const seen: number[] = [];
    let cursor = "";
    do {
      const page = await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=newest&following=1&cursor=${cursor}`, {
        token: ann.token,
      });
      seen.push(...page.body.data.results.map((w) => w.artId));
      cursor = page.body.data.cursor;
    } while (cursor);
    expect(seen).toHaveLength(27);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    await follow(ann, cy.user.id, false);
    const after = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest&following=1&limit=60", {
      token: ann.token,
    });
    expect(after.body.data.results.map((w) => w.artId)).toEqual([...byBo].reverse());
  });

  it("gives the same feed whether one follows a few people or very many", async () => {
    const node = await insertNode(t, "插画");
    const at = t.now();
    const many = await seedPeople(t.db, 420, at);
    for (const [i, id] of many.entries())
      if (i % 7 === 0) await insertWork(t, { userId: id, nodeId: node, createdAt: at - i * 1000 });
    const feed = async () => {
      const seen: number[] = [];
      let cursor = "";
      do {
        const page = await t.call<Page<WorkCardView>>(
          "GET",
          `/api/art/list?order=newest&following=1&cursor=${cursor}`,
          {
            token: ann.token,
          },
        );
        seen.push(...page.body.data.results.map((w) => w.artId));
        cursor = page.body.data.cursor;
      } while (cursor);
      return seen;
    };
    const few = many.slice(0, 300);
    await t.db
      .insertInto("follows")
      .values(few.map((id) => ({ user_id: ann.user.id, target_id: id, created_at: at })))
      .execute();
    const fromFew = await feed();
    expect(fromFew).toHaveLength(few.filter((_, i) => i % 7 === 0).length);
    await t.db
      .insertInto("follows")
      .values(many.slice(300).map((id) => ({ user_id: ann.user.id, target_id: id, created_at: at })))
      .execute();
    const fromMany = await feed();
    expect(fromMany).toHaveLength(60);
    expect(fromMany.slice(0, fromFew.length)).toEqual(fromFew);
  });
});

describe("a personal centre", () => {
  it("shows the likes received, whether the viewer follows, and whether it is one's own", async () => {
    const node = await insertNode(t, "插画");
    const work = await insertWork(t, { userId: bo.user.id, nodeId: node });
    await t.send(api.works.like, { params: { id: work } }, { token: ann.token });
    await t.send(api.works.like, { params: { id: work } }, { token: cy.token });
    await follow(ann, bo.user.id);
    expect(await profile(bo.user.id, ann)).toMatchObject({ likeReceivedCount: 2, followed: true, isSelf: false });
    expect(await profile(bo.user.id, bo)).toMatchObject({ followed: false, isSelf: true });
    const ghost = await t.send(api.people.profile, { params: { id: 999999 } });
    expect([ghost.status, ghost.body.message]).toEqual([404, "用户不存在"]);
  });

  it("lists what someone liked for anyone, and their favorites only for themselves while private", async () => {
    const node = await insertNode(t, "插画");
    const work = await insertWork(t, { userId: cy.user.id, nodeId: node });
    await t.send(api.works.like, { params: { id: work } }, { token: bo.token });
    await t.send(api.works.favorite, { params: { id: work } }, { token: bo.token });
    const likes = await t.call<Page<WorkCardView>>("GET", `/api/user/likes?userId=${bo.user.id}`);
    expect(likes.body.data.results.map((w) => w.artId)).toEqual([work]);
    const theirs = await t.send(api.people.favorites, { query: { userId: bo.user.id } }, { token: ann.token });
    expect([theirs.status, theirs.body.message]).toEqual([403, "TA的收藏未公开"]);
    const own = await t.call<Page<WorkCardView>>("GET", `/api/user/favorites?userId=${bo.user.id}`, {
      token: bo.token,
    });
    expect(own.body.data.results.map((w) => w.artId)).toEqual([work]);
  });
});

describe("the background image", () => {
  async function upload(who: Session): Promise<ImageUpload> {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: "#884422" } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.set("image", new File([new Uint8Array(png)], "bg.png", { type: "image/png" }));
    return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: who.token })).body.data;
  }
  const setBackground = (who: Session | undefined, backgroundImage: string) =>
    t.send(api.people.background, { body: { backgroundImage } }, { token: who?.token });

  it("is set from the owner's own upload, with a smaller copy for phones", async () => {
    const image = await upload(ann);
    expect((await setBackground(ann, image.url)).body.success).toBe(true);
    const p = await profile(ann.user.id);
    expect(p.backgroundImage).toBe(image.url);
    expect(p.smallBackgroundImage).toBe(image.variants["640"]);
  });

  it("refuses someone else's upload, an outside address and a visitor, changing nothing", async () => {
    const theirs = await upload(bo);
    for (const [who, url] of [
      [ann, theirs.url],
      [ann, "https://evil.example/x.png"],
      [ann, "/uploads/../../etc/passwd"],
    ] as const) {
      const res = await setBackground(who, url);
      expect([res.status, res.body.message]).toEqual([400, "背景图片无效，请重新上传"]);
    }
    const visitor = await setBackground(undefined, theirs.url);
    expect([visitor.status, visitor.body.message]).toEqual([401, "请先登录"]);
    expect((await profile(ann.user.id)).backgroundImage).toBe("");
  });
});

describe("who to follow", () => {
  it("suggests active creators the viewer does not follow yet, never the viewer", async () => {
    const node = await insertNode(t, "插画");
    for (const p of [ann, bo, cy]) await insertWork(t, { userId: p.user.id, nodeId: node });
    await follow(ann, bo.user.id);
    const res = await t.send(api.people.suggest, {}, { token: ann.token });
    expect(res.body.data.map((p) => p.id)).toEqual([cy.user.id]);
    const visitor = await t.send(api.people.suggest, {});
    expect(visitor.body.data).toHaveLength(3);
  });
});
