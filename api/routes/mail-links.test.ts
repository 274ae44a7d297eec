import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { smtpMailer } from "../lib/mail.ts";
import { limitRules } from "../lib/rate-limit.ts";
import { insertNode, insertWork, startApi, type TestApi } from "../test/harness.ts";
import { startMailbox } from "../test/mailbox.ts";
import * as api from "../../contract/endpoints.ts";

type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
let mailbox: Mailbox;
let t: TestApi;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.stop());
// Mail goes out through nodemailer over SMTP to a real local server, as in production.
beforeEach(async () => {
  t = await startApi({ signin: { mail: smtpMailer(mailbox.url, "艺社 <noreply@yishe.test>") } });
});
afterEach(() => t.close());

const linkIn = (text: string) => new URL(/https?:\/\/\S+token=[\w-]+/.exec(text)![0]);
const tokenIn = (text: string) => linkIn(text).searchParams.get("token")!;
const current = (token: string) => t.send(api.signin.current, {}, { token });

describe("verifying an e-mail address", () => {
  it("mails a link at sign-up that verifies the address once, within a day", async () => {
    const s = await t.signup({ email: "Verify.Me@example.com" });
    expect(s.user).toMatchObject({ email: null, emailVerified: false });
    const ways = await t.send(api.account.signinWays, {}, { token: s.token });
    expect(ways.body.data.pendingEmail).toBe("verify.me@example.com");
    const mail = await mailbox.latest("verify.me@example.com", "请验证你的邮箱");
    expect(mail.from).toBe("noreply@yishe.test");
    expect(mail.subject).toBe("【艺社】请验证你的邮箱");
    expect(linkIn(mail.text).origin + linkIn(mail.text).pathname).toBe("http://yishe.test/user/email/verify");
    expect(mail.html).toContain(linkIn(mail.text).href.replace(/&/g, "&amp;"));
    const token = tokenIn(mail.text);
    const row = await t.db.selectFrom("email_tokens").select("token_hash").executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);

    const res = await t.send(api.signin.emailVerify, { body: { token } });
    expect(res.body).toMatchObject({ success: true, data: { email: "verify.me@example.com" } });
    expect((await current(s.token)).body.data).toMatchObject({ email: "verify.me@example.com", emailVerified: true });
    const again = await t.send(api.signin.emailVerify, { body: { token } });
    expect([again.status, again.body.message]).toEqual([400, "链接已失效或已被使用"]);
  });

  it("refuses an expired, unknown or malformed link", async () => {
    await t.signup({ email: "late@example.com" });
    const token = tokenIn((await mailbox.latest("late@example.com", "请验证你的邮箱")).text);
    t.setNow(t.now() + 24 * 3_600_000 + 1);
    expect((await t.send(api.signin.emailVerify, { body: { token } })).body.message).toBe("链接已失效或已被使用");
    for (const bad of ["", "short", "x".repeat(43), "<script>alert(1)</script>".padEnd(43, "a")])
      expect((await t.send(api.signin.emailVerify, { body: { token: bad } })).body.message).toBe(
        "链接已失效或已被使用",
      );
  });

  it("resends on request, a few an hour", async () => {
    const s = await t.signup({ email: "again@example.com" });
    for (let i = 1; i < limitRules.verifyMail.points; i++)
      expect((await t.send(api.account.resendVerifyMail, {}, { token: s.token })).body.success).toBe(true);
    const refused = await t.send(api.account.resendVerifyMail, {}, { token: s.token });
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringMatching(/^邮件发送太频繁/)]);
  });
});

/** An account whose address has been verified (until then it has none to reset by). */
async function verifiedSignup(email: string, password = "secret123") {
  const s = await t.signup({ email, password });
  const token = tokenIn((await mailbox.latest(email.toLowerCase(), "请验证你的邮箱")).text);
  await t.send(api.signin.emailVerify, { body: { token } });
  return s;
}

describe("resetting a password", () => {
  const forgot = (email: string, ip = "203.0.113.5") => t.send(api.signin.passwordForgot, { body: { email } }, { ip });

  it("answers the same for an unknown address, and mails a link only to a known one", async () => {
    await verifiedSignup("known@example.com");
    const before = mailbox.received.length;
    const unknown = await forgot("nobody@example.com");
    const known = await forgot("KNOWN@example.com");
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailbox.latest("known@example.com", "重置密码");
    expect(mail.subject).toBe("【艺社】重置密码");
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.received.slice(before).filter((m) => m.to === "nobody@example.com")).toHaveLength(0);
  });

  it("sets the new password once, within the hour, signing every session out", async () => {
    const s = await verifiedSignup("reset@example.com", "oldpass1");
    await forgot("reset@example.com");
    const token = tokenIn((await mailbox.latest("reset@example.com", "重置密码")).text);
    const mismatch = await t.send(api.signin.passwordReset, {
      body: { token, password: "newpass1", rePassword: "newpass2" },
    });
    expect(mismatch.body.message).toBe("两次输入的密码不一致");
    const res = await t.send(api.signin.passwordReset, {
      body: { token, password: "newpass1", rePassword: "newpass1" },
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect((await current(s.token)).body.data).toBeNull();
    const signin = (password: string) => t.send(api.signin.signin, { body: { username: s.user.username, password } });
    expect((await signin("oldpass1")).body.success).toBe(false);
    const fresh = await signin("newpass1");
    expect(fresh.body.data.user.emailVerified).toBe(true);
    const twice = await t.send(api.signin.passwordReset, {
      body: { token, password: "other123", rePassword: "other123" },
    });
    expect(twice.body.message).toBe("链接已失效或已被使用");
  });

  it("refuses a link older than an hour, changing nothing", async () => {
    const s = await verifiedSignup("slow@example.com", "oldpass1");
    await forgot("slow@example.com");
    const token = tokenIn((await mailbox.latest("slow@example.com", "重置密码")).text);
    t.setNow(t.now() + 3_600_000 + 1);
    const res = await t.send(api.signin.passwordReset, {
      body: { token, password: "newpass1", rePassword: "newpass1" },
    });
    expect(res.body.message).toBe("链接已失效或已被使用");
    expect((await current(s.token)).body.data).not.toBeNull();
  });

  it("limits reset mail per address and per asker, the same for unknown addresses", async () => {
    for (let i = 0; i < limitRules.resetEmail.points; i++) await forgot("nobody@example.com", `198.51.100.${i}`);
    const refused = await forgot("nobody@example.com", "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^邮件发送太频繁，请\d+分钟后再试$/);
  });
});

describe("REQUIRE_VERIFIED", () => {
  it("holds publishing, commenting and private messages until the address is verified", async () => {
    const strict = await startApi({
      signin: { requireVerified: true, mail: smtpMailer(mailbox.url, "noreply@yishe.test") },
    });
    try {
      const s = await strict.signup({ email: "strict@example.com" });
      const nodeId = await insertNode(strict, "插画");
      const publish = () =>
        strict.send(api.works.create, { body: { type: 1, nodeId, content: "你好" } }, { token: s.token });
      const refused = await publish();
      expect([refused.status, refused.body.message]).toEqual([403, "请先验证邮箱或绑定手机号"]);
      const workId = await insertWork(strict, { userId: s.user.id, nodeId });
      const comment = () => strict.send(api.comments.create, { body: { workId, content: "好看" } }, { token: s.token });
      expect((await comment()).body.message).toBe("请先验证邮箱或绑定手机号");
      const other = await strict.signup();
      const message = () =>
        strict.send(api.inbox.send, { body: { userId: other.user.id, content: "你好" } }, { token: s.token });
      expect((await message()).body.message).toBe("请先验证邮箱或绑定手机号");
      const token = tokenIn((await mailbox.latest("strict@example.com", "请验证你的邮箱")).text);
      await strict.send(api.signin.emailVerify, { body: { token } });
      await vi.waitFor(async () => expect((await publish()).body.success).toBe(true));
      expect((await comment()).body.success).toBe(true);
      expect((await message()).body.success).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
