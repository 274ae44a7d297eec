import { afterEach, describe, expect, it, vi } from "vitest";
import { insertNode, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { comments, works } from "../../../contract/endpoints.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { silentLogger } from "../../../contract/shared/log.ts";
import { pageNews } from "./page-news.ts";

let t: TestApi;
afterEach(async () => t?.close());

/** A queue that only remembers what it was asked to send. */
const fakeJobs = () => {
  const sent: { name: string; data: unknown }[] = [];
  return {
    sent,
    jobs: { send: async (name: string, data: unknown) => void sent.push({ name, data }) } as unknown as JobQueue,
  };
};

describe("what a write tells the stored pages", () => {
  it("drops a comment's work and the work's author's pages, and everything for what it cannot name", async () => {
    t = await startApi();
    const author = await t.signup();
    const reader = await t.signup();
    const workId = await insertWork(t, { userId: author.user.id, nodeId: await insertNode(t, "插画") });
    const said = await t.send(comments.create, { body: { workId, content: "好看" } }, { token: reader.token });
    const dropped: string[][] = [];
    const { jobs } = fakeJobs();
    const news = pageNews({ db: t.db, jobs, log: silentLogger }, async (topics) => void dropped.push(topics.sort()));
    await news.written(comments.delete, { params: { id: String(said.body.data.commentId) } }, reader.user.id);
    expect(dropped.pop()).toEqual([`art:${workId}`, "lists", `user:${author.user.id}`]);
    await news.written(works.update, { params: { id: "999999" } }, author.user.id);
    // A work that is not there has no author to drop with it.
    expect(dropped.pop()).toEqual(["art:999999", "lists"]);
    await news.written(comments.delete, { params: { id: "999999" } }, reader.user.id);
    expect(dropped.pop()).toEqual(["site"]);
    await news.written(works.delete, { params: { id: "1 or 1=1" } }, reader.user.id);
    expect(dropped.pop()).toEqual(["site"]);
  });

  it("gathers counts and drops them once, by a job; a drop that fails is queued to be tried again", async () => {
    t = await startApi();
    const author = await t.signup();
    const workId = await insertWork(t, { userId: author.user.id, nodeId: await insertNode(t, "摄影") });
    const { sent, jobs } = fakeJobs();
    let failing = true;
    const news = pageNews(
      { db: t.db, jobs, log: silentLogger },
      async () => {
        if (failing) throw new Error("store away");
      },
      10,
    );
    await news.written(works.like, { params: { id: String(workId) } }, author.user.id);
    await news.written(works.favorite, { params: { id: String(workId) } }, author.user.id);
    expect(sent).toEqual([]);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: "pages.drop", data: { topics: [`art:${workId}`, "lists"] } });
    await news.written(comments.create, { body: { workId, content: "x" } }, author.user.id);
    expect(sent[1]).toEqual({ name: "pages.drop", data: { topics: [`art:${workId}`] } });
    failing = false;
    await news.close();
  });
});
