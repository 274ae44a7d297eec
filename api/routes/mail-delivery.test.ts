import { afterEach, describe, expect, it } from "vitest";
import { smtpMailer } from "../lib/mail.ts";
import { startApi, type TestApi } from "../test/harness.ts";
import { startMailbox } from "../test/mailbox.ts";

/** Mail that arrives (issue 55): through a real SMTP server that says "later" or "never". */
let t: TestApi;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
afterEach(async () => {
  await t.close();
  await mailbox.stop();
});

async function siteWith(refuse: { code: number; times: number }) {
  mailbox = await startMailbox(0, refuse);
  t = await startApi({ signin: { mail: smtpMailer(mailbox.url, "艺社 <noreply@yishe.test>") } });
}

const mailLog = () => t.db.selectFrom("mail_log").selectAll().orderBy("id").execute();

/** The queue's due jobs, run until `done`: the test's clock moves on (SQLite), or a moment passes (pg-boss's own). */
async function runUntil(done: () => Promise<boolean>, tries = 40) {
  for (let i = 0; i < tries && !(await done()); i++) {
    t.setNow(t.now() + 5_000);
    await t.jobs.runDue(t.handlers);
    if (t.jobs.engine === "pg-boss") await new Promise((r) => setTimeout(r, 250));
  }
}

describe("mail", () => {
  it("refused twice for now (451), arrives on the third try, once", async () => {
    await siteWith({ code: 451, times: 2 });
    await t.signup({ email: "grey@example.com" });
    expect(mailbox.refusals()).toBe(1);
    expect((await mailLog())[0]).toMatchObject({ kind: "verify", to_address: "grey@example.com", state: "retrying" });
    await runUntil(async () => (await mailLog())[0].state === "sent");
    const mail = await mailbox.latest("grey@example.com", "请验证你的邮箱");
    expect(mail.text).toMatch(/token=/);
    expect(mailbox.received.filter((m) => m.to === "grey@example.com")).toHaveLength(1);
    expect(mailbox.refusals()).toBe(2);
    const [row] = await mailLog();
    expect(row).toMatchObject({ state: "sent", attempts: 3 });
    // Nothing more to send, however long one waits.
    await runUntil(async () => false, 10);
    expect(mailbox.received).toHaveLength(1);
    // The link that arrived works; the log never held it.
    expect(JSON.stringify(await mailLog())).not.toMatch(/token/);
  });

  it("refused for good (550), is recorded failed and not tried again", async () => {
    await siteWith({ code: 550, times: 99 });
    await t.signup({ email: "nobody@example.com" });
    await runUntil(async () => false, 10);
    expect(mailbox.refusals()).toBe(1);
    expect(mailbox.received).toHaveLength(0);
    const [row] = await mailLog();
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.error).toMatch(/550/);
  });
});
