import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as declared from "../../contract/endpoints.ts";

let t: TestApi;
afterEach(async () => t.close());

const countUsers = () => countRows(t, "users");

const form = (o: Record<string, string> = {}) => ({
  nickname: "小林",
  username: "xiaolin",
  email: "xiaolin@example.com",
  password: "secret123",
  rePassword: "secret123",
  ...o,
});

describe("sign-up", () => {
  beforeEach(async () => {
    t = await startApi();
  });

  it("creates the account, signs it in, and makes the first account of an ownerless site its owner", async () => {
    const res = await t.call<Session>("POST", "/api/login/signup", { body: form() });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toMatchObject({
      username: "xiaolin",
      nickname: "小林",
      roles: ["owner"],
      // The address counts once its link is followed.
      email: null,
    });
    const second = await t.signup();
    expect(second.user.roles).toEqual([]);
  });

  it("stores an argon2id hash, never the password, and only a hash of the token", async () => {
    const session = await t.signup({ username: "hashme", password: "my-secret-pw" });
    const row = await t.db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", "hashme")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const tokens = await t.db.selectFrom("user_tokens").select("token_hash").execute();
    expect(tokens.map((x) => x.token_hash)).not.toContain(session.token);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ rePassword: "different1" }, "rePassword", "两次输入的密码不一致"],
    [{ nickname: "" }, "nickname", "请输入昵称"],
    [{ nickname: "名".repeat(21) }, "nickname", "昵称不能超过20个字符"],
    [{ username: "" }, "username", "请输入用户名"],
    [{ username: "1abc" }, "username", "用户名需以字母开头，由3到20位字母、数字或下划线组成"],
    [{ username: "a".repeat(21) }, "username", "用户名不能超过20个字符"],
    [{ email: "not-an-email" }, "email", "邮箱格式不正确"],
    [{ password: "12345", rePassword: "12345" }, "password", "密码至少需要6个字符"],
    [{ password: "x".repeat(65), rePassword: "x".repeat(65) }, "password", "密码不能超过64个字符"],
  ])("refuses %o with a Chinese message on the field and creates nothing", async (override, field, message) => {
    const res = await t.call<{ fieldErrors: Record<string, string> }>("POST", "/api/login/signup", {
      body: form(override),
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(res.body.data.fieldErrors[field]).toBe(message);
    expect(await countUsers()).toBe(0);
  });

  it("refuses a taken username (any case); a taken e-mail is not said, its owner is told by mail", async () => {
    await t.signup({ username: "taken", email: "taken@example.com" });
    await t.verifyEmail("taken@example.com");
    const byName = await t.call("POST", "/api/login/signup", {
      body: form({ username: "TAKEN", email: "other@example.com" }),
    });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe("用户名已被占用");
    expect(await countUsers()).toBe(1);
    t.outbox.mail.length = 0;
    const byEmail = await t.call<Session>("POST", "/api/login/signup", {
      body: form({ username: "other", email: "Taken@Example.com" }),
    });
    // The same answer as for a free address: an account whose address waits for its link.
    expect(byEmail.body.success).toBe(true);
    expect(byEmail.body.data.user.email).toBeNull();
    expect(await countUsers()).toBe(2);
    await vi.waitFor(() => expect(t.outbox.mail).toHaveLength(1));
    expect(t.outbox.mail[0]).toMatchObject({ to: "taken@example.com" });
    expect(t.outbox.mail[0].subject).toContain("这个邮箱已经注册过了");
    expect(t.outbox.mail[0].text).not.toContain("token=");
  });

  it("accepts JSON bodies as well as forms", async () => {
    const res = await t.call<Session>("POST", "/api/login/signup", {
      json: form({ username: "jsonuser", email: "j@example.com" }),
    });
    expect(res.body.success).toBe(true);
  });
});

describe("sign-in, current user and sign-out", () => {
  beforeEach(async () => {
    t = await startApi();
    await t.signup({ username: "alice", email: "alice@example.com", password: "secret123" });
  });

  it("signs in by username, or by e-mail once it is verified, and the token identifies the user", async () => {
    const byEmail = () =>
      t.send(declared.signin.signin, { body: { username: "alice@example.com", password: "secret123" } });
    expect((await byEmail()).body.message).toBe("用户名或密码错误");
    await vi.waitFor(() => expect(t.outbox.mail.at(-1)?.to).toBe("alice@example.com"));
    const token = /token=([\w-]+)/.exec(t.outbox.mail.at(-1)!.text)![1];
    await t.send(declared.signin.emailVerify, { body: { token } });
    for (const login of ["alice", "ALICE", "alice@example.com"]) {
      const res = await t.send(declared.signin.signin, { body: { username: login, password: "secret123" } });
      expect(res.body.success).toBe(true);
      const me = await t.send(declared.signin.current, {}, { token: res.body.data.token });
      expect(me.body.data?.username).toBe("alice");
    }
  });

  it("answers an unknown user and a wrong password alike, and says which field is empty", async () => {
    const unknown = await t.send(declared.signin.signin, { body: { username: "nobody", password: "secret123" } });
    const wrong = await t.send(declared.signin.signin, { body: { username: "alice", password: "nope" } });
    expect(unknown.body).toMatchObject({ success: false, message: "用户名或密码错误" });
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
    const empty = await t.send(declared.signin.signin, { body: { username: "", password: "" } });
    expect(empty.body.message).toBe("请输入用户名或邮箱");
  });

  it("answers null for a visitor and rejects a forged token", async () => {
    expect((await t.send(declared.signin.current, {})).body).toMatchObject({ success: true, data: null });
    const forged = await t.send(declared.signin.current, {}, { token: "forged-token" });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ success: false, message: "登录已失效，请重新登录" });
  });

  it("lets a token expire after tokenExpireDays", async () => {
    const { token } = (await t.send(declared.signin.signin, { body: { username: "alice", password: "secret123" } }))
      .body.data;
    t.setNow(t.now() + 29 * 86_400_000);
    expect((await t.send(declared.signin.current, {}, { token })).body.success).toBe(true);
    t.setNow(t.now() + 2 * 86_400_000);
    expect((await t.send(declared.signin.current, {}, { token })).status).toBe(401);
  });

  it("revokes the token on sign-out (query as in requirements §7, or header)", async () => {
    const a = (await t.send(declared.signin.signin, { body: { username: "alice", password: "secret123" } })).body.data
      .token;
    const b = (await t.send(declared.signin.signin, { body: { username: "alice", password: "secret123" } })).body.data
      .token;
    expect((await t.send(declared.signin.signout, { query: { userToken: a } })).body.success).toBe(true);
    expect((await t.send(declared.signin.current, {}, { token: a })).status).toBe(401);
    await t.send(declared.signin.signout, {}, { token: b });
    expect((await t.send(declared.signin.current, {}, { token: b })).status).toBe(401);
  });
});

describe("captcha", () => {
  beforeEach(async () => {
    t = await startApi({ captchaEnabled: true });
  });

  async function captcha() {
    const res = await t.send(declared.signin.captcha, {});
    const code = await t.captchaCode(res.body.data.captchaId);
    if (!code) throw new Error("the captcha just asked for is not kept");
    return { ...res.body.data, code };
  }

  it("serves a picture of pixels for a live captcha, never the same twice, and 404 for an unknown one", async () => {
    const c = await captcha();
    expect(c.captchaUrl).toBe(`/api/captcha/show?captchaId=${c.captchaId}`);
    const img = await t.api.request(c.captchaUrl);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Pixels only, no outlines a script could read the letters from: the file is image chunks from its header to its
    // end, no text chunk among them. (Searching the bytes for `d="` once matched compressed pixels by chance.)
    const chunks: string[] = [];
    for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at))
      chunks.push(bytes.toString("latin1", at + 4, at + 8));
    expect(chunks[0]).toBe("IHDR");
    expect(chunks.at(-1)).toBe("IEND");
    expect(chunks).toContain("IDAT");
    expect(chunks.filter((type) => ["tEXt", "zTXt", "iTXt", "eXIf"].includes(type))).toEqual([]);
    const again = Buffer.from(await (await t.api.request(c.captchaUrl)).arrayBuffer());
    expect(again.equals(bytes)).toBe(false);
    expect((await t.api.request("/api/captcha/show?captchaId=nope")).status).toBe(404);
  });

  it("is required, checked case-insensitively, and good for one try only", async () => {
    const missing = await t.call("POST", "/api/login/signup", { body: form() });
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toMatch(/验证码/);

    const c = await captcha();
    const wrong = await t.call("POST", "/api/login/signup", {
      body: form({ captchaId: c.captchaId, captchaCode: "zzzz" }),
    });
    expect(wrong.body.message).toBe("图形验证码错误");
    const reused = await t.call("POST", "/api/login/signup", {
      body: form({ captchaId: c.captchaId, captchaCode: c.code }),
    });
    expect(reused.body.message).toBe("图形验证码已过期，请刷新后重试");
    expect(await countUsers()).toBe(0);

    const d = await captcha();
    const ok = await t.call("POST", "/api/login/signup", {
      body: form({ captchaId: d.captchaId, captchaCode: d.code.toUpperCase() }),
    });
    expect(ok.body.success).toBe(true);
  });

  it("expires after five minutes", async () => {
    const c = await captcha();
    t.setNow(t.now() + 5 * 60_000 + 1);
    const res = await t.call("POST", "/api/login/signup", {
      body: form({ captchaId: c.captchaId, captchaCode: c.code }),
    });
    expect(res.body.message).toBe("图形验证码已过期，请刷新后重试");
  });

  it("reports captcha on in the site settings", async () => {
    expect((await t.send(declared.site.config, {})).body.data.captcha).toBe(true);
  });
});
