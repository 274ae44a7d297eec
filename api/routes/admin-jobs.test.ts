import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWithCast, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

/** /admin/jobs (issue 55): what the queues hold, the failed jobs to retry or discard, the mail log. */
let t: TestApi;
let owner: Session;
let reader: Session;
beforeEach(async () => {
  ({ t, owner, reader } = await startWithCast());
});
afterEach(() => t.close());

const overview = (token = owner.token) => t.send(api.admin.jobs, {}, { token });

/** A re-index that fails every time, run until the queue keeps it failed. */
async function failReindex() {
  await t.jobs.send("search.reindex", {});
  const failing = { ...t.handlers, "search.reindex": async () => Promise.reject(new Error("索引服务不可用")) };
  for (let i = 0; i < 40; i++) {
    t.setNow(t.now() + 5_000);
    await t.jobs.runDue(failing);
    if ((await t.jobs.failed(5)).length) break;
    if (t.jobs.engine === "pg-boss") await new Promise((r) => setTimeout(r, 250));
  }
  return (await overview()).body.data.failed[0];
}

describe("the admin's 任务 page", () => {
  it("is for staff only", async () => {
    expect((await overview(reader.token)).status).toBe(403);
    expect((await t.send(api.admin.runJob, { body: { name: "uploads.sweep" } }, { token: reader.token })).status).toBe(
      403,
    );
  });

  it("shows every queue with its counts and schedule, and the mail log without links", async () => {
    const { queues, mail } = (await overview()).body.data;
    expect(queues.map((q) => q.name)).toContain("works.publish-due");
    expect(queues.find((q) => q.name === "works.publish-due")).toMatchObject({
      label: "定时发布",
      schedule: "* * * * *",
    });
    // The cast's sign-ups were mailed their links.
    expect(mail.length).toBeGreaterThanOrEqual(3);
    expect(mail[0]).toMatchObject({ kind: "verify", state: "sent" });
    expect(JSON.stringify(mail)).not.toMatch(/token|http/);
  });

  it("runs a job now, keeps a failed one with its error, retries and discards it, in the audit log", async () => {
    const run = await t.send(api.admin.runJob, { body: { name: "search.reindex" } }, { token: owner.token });
    expect(run.body.data).toEqual({ queued: true });
    // It ran a moment later (the harness runs what a write queued).
    const ran = (await overview()).body.data.queues.find((q) => q.name === "search.reindex")!.counts;
    expect(ran.completed).toBe(1);

    const failed = await failReindex();
    expect(failed).toMatchObject({ name: "search.reindex", label: "重建搜索索引", error: "索引服务不可用" });
    const counts = (await overview()).body.data.queues.find((q) => q.name === "search.reindex")!.counts;
    expect(counts.failed).toBe(1);

    const retried = await t.send(
      api.admin.retryJob,
      { params: { id: failed.id }, body: { name: "search.reindex" } },
      { token: owner.token },
    );
    expect(retried.body.data).toEqual({ done: true });
    await t.jobs.runDue(t.handlers);
    expect((await overview()).body.data.failed).toEqual([]);

    const again = await failReindex();
    const discarded = await t.send(
      api.admin.discardJob,
      { params: { id: again.id }, body: { name: "search.reindex" } },
      { token: owner.token },
    );
    expect(discarded.body.data).toEqual({ done: true });
    const gone = await t.send(
      api.admin.discardJob,
      { params: { id: again.id }, body: { name: "search.reindex" } },
      { token: owner.token },
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("没有这个失败的任务");

    const audit = await t.db.selectFrom("audit_log").select("action").where("action", "like", "job.%").execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["job.discard", "job.retry", "job.run"]);
  });

  it("refuses what is not a job, and mail on its own", async () => {
    const bad = await t.send(api.admin.runJob, { body: { name: "rm -rf" } }, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("没有这种任务");
    const mail = await t.send(api.admin.runJob, { body: { name: "mail.send" } }, { token: owner.token });
    expect(mail.body.message).toBe("邮件任务随邮件排队，不能单独运行");
    const badId = await t.send(
      api.admin.retryJob,
      { params: { id: "1;drop" }, body: { name: "uploads.sweep" } },
      { token: owner.token },
    );
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe("任务编号不正确");
  });
});
