import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";
import { WorkType } from "../../contract/shared/kinds.ts";

let t: TestApi;
let author: number;
let node: number;
beforeEach(async () => {
  t = await startApi();
  author = await insertUser(t, "painter");
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

describe("nodes", () => {
  it("lists nodes in their sort order", async () => {
    await t.db.insertInto("nodes").values({ name: "摄影", sort_no: -1, created_at: 0 }).execute();
    const res = await t.send(api.works.nodes, {});
    expect(res.body.data.map((n) => n.name)).toEqual(["摄影", "插画"]);
    expect(res.body.data[1]).toMatchObject({ nodeId: node, name: "插画", logo: "" });
  });
});

describe("work lists", () => {
  it("orders recommended by score and pages with a cursor without repeats or gaps", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertWork(t, { userId: author, score: i % 3, content: `作品${i}` }));
    const seen: number[] = [];
    let cursor = "";
    for (let guard = 0; guard < 5; guard++) {
      const res = await t.call<Page<WorkCardView>>(
        "GET",
        `/api/art/list?order=recommend&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...res.body.data.results.map((w) => w.artId));
      if (!res.body.data.hasMore) break;
      cursor = res.body.data.cursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Highest score first, ties to the newer id.
    const expected = ids
      .map((id, i) => ({ id, score: i % 3 }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((x) => x.id);
    expect(seen).toEqual(expected);
  });

  it("orders newest by time, filters by node, and hides deleted works", async () => {
    const other = await insertNode(t, "摄影");
    const old = await insertWork(t, { userId: author, nodeId: node, createdAt: t.now() - 1000 });
    const fresh = await insertWork(t, { userId: author, nodeId: node });
    const elsewhere = await insertWork(t, { userId: author, nodeId: other });
    const gone = await insertWork(t, { userId: author, nodeId: node });
    await t.db.updateTable("works").set({ status: 1 }).where("id", "=", gone).execute();
    const all = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest");
    expect(all.body.data.results.map((w) => w.artId)).toEqual([elsewhere, fresh, old]);
    const inNode = await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=newest&nodeId=${node}`);
    expect(inNode.body.data.results.map((w) => w.artId)).toEqual([fresh, old]);
    expect(inNode.body.data.results[0]).toMatchObject({
      node: { nodeId: node, name: "插画" },
      user: { id: author, nickname: "painter" },
    });
  });

  it("shows the works of followed people only to a signed-in viewer", async () => {
    const viewer = await t.signup();
    const followed = await insertUser(t, "followed");
    const mine = await insertWork(t, { userId: followed });
    await insertWork(t, { userId: author });
    await t.db.insertInto("follows").values({ user_id: viewer.user.id, target_id: followed, created_at: 0 }).execute();
    const res = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest&following=1", {
      token: viewer.token,
    });
    expect(res.body.data.results.map((w) => w.artId)).toEqual([mine]);
    const visitor = await t.send(api.works.list, { query: { following: "1" } });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe("请先登录");
  });

  it("marks the works the viewer liked", async () => {
    const viewer = await t.signup();
    const a = await insertWork(t, { userId: author });
    const b = await insertWork(t, { userId: author });
    await t.db.insertInto("likes").values({ user_id: viewer.user.id, work_id: a, created_at: 0 }).execute();
    const res = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest", { token: viewer.token });
    const liked = Object.fromEntries(res.body.data.results.map((w) => [w.artId, w.liked]));
    expect(liked).toEqual({ [a]: true, [b]: false });
  });

  it("refuses a forged cursor and an unknown order with Chinese messages", async () => {
    expect((await t.send(api.works.list, { query: { cursor: "!!!" } })).body.message).toBe("分页参数无效");
    expect((await t.send(api.works.list, { query: { order: "random" } })).body.message).toBe("排序方式无效");
    expect((await t.send(api.works.list, { query: { nodeId: "abc" } })).body.message).toBe("节点无效");
  });
});

describe("work detail", () => {
  it("returns the work with tags and renders Markdown without letting script through", async () => {
    const id = await insertWork(t, {
      userId: author,
      nodeId: node,
      type: 0,
      title: "标题",
      content: "## 小标题\n\n<script>alert(1)</script> [点我](javascript:alert(1)) <img src=x onerror=alert(1)>",
    });
    const tag = await t.db
      .insertInto("tags")
      .values({ name: "水彩", name_key: "水彩", created_at: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("work_tags").values({ work_id: id, tag_id: tag.id }).execute();
    const res = await t.send(api.works.detail, { params: { id } });
    expect(res.body.data).toMatchObject({ artId: id, title: "标题", tags: [{ tagId: tag.id, name: "水彩" }] });
    expect(res.body.data.contentHtml).toContain("<h2>小标题</h2>");
    expect(res.body.data.contentHtml).not.toMatch(/<script|<img|href="javascript/);
  });

  it("draws pictures on adjacent lines as one row at one height, from their stored sizes", async () => {
    const upload = (url: string, width: number, height: number) =>
      t.db
        .insertInto("uploads")
        .values({ user_id: author, kind: "image", url, width, height, bytes: 1, created_at: 0 })
        .execute();
    await upload("/uploads/row-wide.webp", 1600, 900);
    await upload("/uploads/row-tall.webp", 600, 800);
    const id = await insertWork(t, {
      userId: author,
      nodeId: node,
      type: WorkType.project,
      title: "项目",
      content:
        '第一步\n\n![" onerror="alert(1)](/uploads/row-wide.webp)\n![草图](/uploads/row-tall.webp)\n\n![独自一张](/uploads/row-wide.webp)',
    });
    const html: string = (await t.send(api.works.detail, { params: { id } })).body.data.contentHtml;
    expect(html).toContain(
      '<p class="picture-row"><img src="/uploads/row-wide.webp" alt="&quot; onerror=&quot;alert(1)" width="1600" height="900" style="--ar:1.778" loading="lazy"><img src="/uploads/row-tall.webp" alt="草图" width="600" height="800" style="--ar:0.75" loading="lazy"></p>',
    );
    // A picture alone is a paragraph of its own, as before.
    expect(html).toContain('<p><img src="/uploads/row-wide.webp" alt="独自一张" loading="lazy"></p>');
  });

  it("counts a view only when asked to: reading, liking and commenting change nothing", async () => {
    const id = await insertWork(t, { userId: author, nodeId: node });
    const reader = await t.signup();
    const views = async () => (await t.send(api.works.detail, { params: { id } })).body.data.viewCount;
    expect(await views()).toBe(0);
    await t.send(api.works.like, { params: { id } }, { token: reader.token });
    await t.send(api.comments.create, { body: { workId: id, content: "好看" } }, { token: reader.token });
    await t.send(api.comments.list, { query: { workId: id } });
    expect(await views()).toBe(0);
    const counted = await t.send(api.works.view, { params: { id } });
    expect(counted.body.data).toMatchObject({ artId: id, viewCount: 1 });
    expect(await views()).toBe(1);
    // Three hundred posts from one address, or from one member, are one look each within half an hour.
    for (let i = 0; i < 300; i++) await t.send(api.works.view, { params: { id } });
    for (let i = 0; i < 5; i++) await t.send(api.works.view, { params: { id } }, { token: reader.token });
    expect(await views()).toBe(2);
    await t.send(api.works.view, { params: { id } }, { ip: "198.51.100.44" });
    expect(await views()).toBe(3);
    await t.send(
      api.works.delete,
      { params: { id } },
      {
        token: (
          await t.call<{ token: string }>("POST", "/api/login/signin", {
            body: { username: "painter", password: "secret123" },
          })
        ).body.data.token,
      },
    );
    expect((await t.send(api.works.view, { params: { id } })).status).toBe(404);
  });

  it("gives the edit form its own read: the author and staff only, and not a view", async () => {
    const id = await insertWork(t, { userId: author, nodeId: node, title: "草稿", type: 0 });
    const token = (await t.send(api.signin.signin, { body: { username: "painter", password: "secret123" } })).body.data
      .token;
    const owner = await t.signup(); // the first account of the site: its owner
    const stranger = await t.signup();
    expect((await t.send(api.works.editable, { params: { id } }, { token })).body.data).toMatchObject({
      artId: id,
      title: "草稿",
    });
    expect((await t.send(api.works.editable, { params: { id } }, { token: owner.token })).status).toBe(200);
    expect((await t.send(api.works.editable, { params: { id } }, { token: stranger.token })).status).toBe(403);
    expect((await t.send(api.works.editable, { params: { id } })).status).toBe(401);
    expect((await t.send(api.works.detail, { params: { id } })).body.data.viewCount).toBe(0);
  });

  it("answers 404 for a missing or deleted work and refuses a bad id", async () => {
    expect((await t.send(api.works.detail, { params: { id: 999 } })).body).toMatchObject({
      success: false,
      message: "作品不存在或已删除",
    });
    expect((await t.send(api.works.detail, { params: { id: 999 } })).status).toBe(404);
    expect((await t.send(api.works.detail, { params: { id: "abc" } })).body.message).toBe("作品编号无效");
  });
});
