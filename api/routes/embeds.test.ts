import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import * as api from "../../contract/endpoints.ts";
import { WorkStatus, WorkType } from "../../contract/shared/kinds.ts";

let t: TestApi;
let author: number;
let node: number;
beforeEach(async () => {
  t = await startApi();
  author = await insertUser(t, "composer");
  node = await insertNode(t, "音乐");
});
afterEach(async () => t.close());

const body = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;

describe("a work's text showing other works as blocks", () => {
  it("shows a track as its card with its player, as it now stands, and a plain link once it is gone", async () => {
    const track = await insertWork(t, { userId: author, nodeId: node, type: WorkType.music, title: "夏夜<b>晚风</b>" });
    await t.db
      .updateTable("works")
      .set({ audio: "/uploads/summer.mp3", duration: 95, images: JSON.stringify([]) })
      .where("id", "=", track)
      .execute();
    const project = await insertWork(t, {
      userId: author,
      nodeId: node,
      type: WorkType.project,
      title: "专辑",
      content: `第一首：\n\n/art/${track}\n\nhttp://yishe.test/art/${track}\n\nhttps://folio.example/me`,
    });
    const first = await body(project);
    expect(first.embeds).toEqual([track]);
    expect(first.contentHtml).toContain(
      `<figure class="embed embed-work"><a class="embed-open" href="/art/${track}"><span class="embed-text">` +
        `<span class="embed-kind">音乐 · composer</span><strong>夏夜&lt;b&gt;晚风&lt;/b&gt;</strong></span></a>` +
        `<audio controls preload="none" src="/uploads/summer.mp3" aria-label="播放 夏夜&lt;b&gt;晚风&lt;/b&gt;"></audio></figure>`,
    );
    // The site's own address is the same work; another site's is a card naming where it leads.
    expect(first.contentHtml.match(/embed-work/g)).toHaveLength(2);
    expect(first.contentHtml).toContain('<span class="embed-host">folio.example</span><strong>/me</strong>');

    await t.db.updateTable("works").set({ title: "改名的曲子" }).where("id", "=", track).execute();
    expect((await body(project)).contentHtml).toContain("<strong>改名的曲子</strong>");

    await t.db.updateTable("works").set({ status: WorkStatus.deleted }).where("id", "=", track).execute();
    const gone = await body(project);
    expect(gone.contentHtml).not.toContain("embed-work");
    expect(gone.contentHtml).not.toContain("改名的曲子");
    expect(gone.contentHtml).toContain(`<p>/art/${track}</p>`);
    // Its page still stands on the work: were it restored, the stored page must follow.
    expect(gone.embeds).toEqual([track]);
  });

  it("never shows a work that is not live: a hidden work, one held for review, another's scheduled work", async () => {
    const other = await insertUser(t, "other");
    const held = await insertWork(t, { userId: other, title: "还没发布的秘密标题" });
    const text = `/art/${held}`;
    for (const status of [WorkStatus.hidden, WorkStatus.review, WorkStatus.scheduled]) {
      await t.db.updateTable("works").set({ status }).where("id", "=", held).execute();
      const article = await insertWork(t, { userId: author, type: WorkType.article, title: "文", content: text });
      expect((await body(article)).contentHtml, `status ${status}`).not.toContain("还没发布的秘密标题");
    }
  });

  it("does not show a work inside itself", async () => {
    const article = await insertWork(t, { userId: author, type: WorkType.article, title: "自己" });
    await t.db
      .updateTable("works")
      .set({ content: `/art/${article}` })
      .where("id", "=", article)
      .execute();
    const self = await body(article);
    expect(self.contentHtml).toBe(`<p>/art/${article}</p>\n`);
    expect(self.embeds).toEqual([]);
  });

  it("shows a picture work's display size, never its withheld largest file", async () => {
    const picture = await insertWork(t, { userId: author, title: "大图" });
    const image = {
      url: "/uploads/whole.webp",
      width: 4000,
      height: 3000,
      alt: "",
      variants: { 480: "/uploads/whole-480.webp", 1280: "/uploads/whole-1280.webp" },
    };
    await t.db
      .updateTable("works")
      .set({ images: JSON.stringify([image]), cover: image.url, offer_original: 0 })
      .where("id", "=", picture)
      .execute();
    const article = await insertWork(t, {
      userId: author,
      type: WorkType.article,
      title: "文",
      content: `/art/${picture}`,
    });
    const html = (await body(article)).contentHtml;
    expect(html).toContain('<img src="/uploads/whole-480.webp" alt="" width="480" height="360" loading="lazy">');
    expect(html).not.toContain("/uploads/whole.webp");
  });
});
