import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { limitRules } from "../lib/rate-limit.ts";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import * as declared from "../../contract/endpoints.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(() => t.close());

const PHONE = "13800138000";
const IP = "203.0.113.9";
const send = (phone = PHONE, ip = IP) => t.send(declared.signin.smsSend, { body: { phone } }, { ip });
const lastCode = () => t.outbox.sms.at(-1)!.code;
const phoneSignin = (verifyCode: string, phone = PHONE, ip = IP) =>
  t.send(declared.signin.phoneSignin, { body: { phone, verifyCode } }, { ip });
/** The next code may be sent at once: as if the minute had passed. */
const minutePassed = (phone = PHONE) => t.deps.limiter.reset("smsPhone", phone);

describe("sending SMS codes", () => {
  it("sends six digits, stores only a hash of them, and says when the next may be asked for", async () => {
    const res = await send(" 138-0013-8000 ");
    expect(res.body).toEqual({
      success: true,
      errorCode: 0,
      message: expect.any(String),
      data: { resendAfter: 60, phone: "138****8000" },
    });
    expect(t.outbox.sms).toEqual([{ phone: PHONE, code: expect.stringMatching(/^\d{6}$/) }]);
    const row = await t.db.selectFrom("sms_codes").selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(lastCode());
    expect(row.expires_at - row.created_at).toBe(5 * 60_000);
  });

  it.each(["", "1380013800", "23800138000", "12800138000", "138001380001", "abc", "+1 4155550100"])(
    "refuses the number %j in Chinese, sending nothing",
    async (phone) => {
      const res = await send(phone);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/请输入(正确的11位)?手机号/);
      expect(t.outbox.sms).toHaveLength(0);
    },
  );

  it("takes a +86 prefix", async () => {
    expect((await send("+86 138 0013 8000")).body.success).toBe(true);
    expect(t.outbox.sms[0].phone).toBe(PHONE);
  });

  it("sends one code a minute and ten a day to a number, with a 429 and Retry-After", async () => {
    expect((await send()).status).toBe(200);
    const again = await t.api.request(
      "/api/login/sms/send",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ phone: PHONE }) },
      { clientIp: "198.51.100.1" },
    );
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(50);
    expect(((await again.json()) as { message: string }).message).toMatch(/^验证码发送太频繁，请(\d+秒|1分钟)后再试$/);
    for (let i = 1; i < limitRules.smsPhoneDay.points; i++) {
      await minutePassed();
      expect((await send(PHONE, `198.51.100.${i}`)).status).toBe(200);
    }
    await minutePassed();
    const day = await send(PHONE, "198.51.100.200");
    expect(day.status).toBe(429);
    expect(day.body.message).toMatch(/分钟后再试/);
    expect(t.outbox.sms).toHaveLength(limitRules.smsPhoneDay.points);
  });

  it("limits the codes one address asks for, whatever the numbers", async () => {
    for (let i = 0; i < limitRules.smsIp.points; i++)
      expect((await send(`1390000${String(i).padStart(4, "0")}`)).status).toBe(200);
    expect((await send("13900009999")).status).toBe(429);
    expect((await send("13900009999", "203.0.113.10")).status).toBe(200);
  });

  it("needs the picture captcha when the site has it on", async () => {
    const guarded = await startApi({ captchaEnabled: true });
    try {
      const res = await guarded.send(declared.signin.smsSend, { body: { phone: PHONE } });
      expect(res.body.message).toBe("图形验证码已失效，请刷新后重试");
      expect(guarded.outbox.sms).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });

  it("keeps nothing when the provider fails, and says so", async () => {
    const failing = await startApi({
      signin: { sms: { name: "aliyun", send: () => Promise.reject(new Error("isv.BUSINESS_LIMIT_CONTROL")) } },
    });
    try {
      const res = await failing.send(declared.signin.smsSend, { body: { phone: PHONE } });
      expect([res.status, res.body.message]).toEqual([502, "短信发送失败，请稍后再试"]);
      expect(await countRows(failing, "sms_codes")).toBe(0);
    } finally {
      await failing.close();
    }
  });
});

describe("signing in with a code", () => {
  it("opens an account on the first sign-in, named after the masked number, and signs into it after", async () => {
    await send();
    const first = await phoneSignin(lastCode());
    expect(first.body.success, first.body.message).toBe(true);
    expect(first.body.data.user).toMatchObject({
      nickname: "用户138****8000",
      phone: "138****8000",
      hasPassword: false,
    });
    await minutePassed();
    await send();
    // requirements §7: /api/login/signin takes a phone and its code too.
    const second = await t.send(declared.signin.signin, { body: { phone: PHONE, verifyCode: lastCode() } });
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    expect(await countRows(t, "users")).toBe(1);
    // Another number with the same mask gets a nickname of its own.
    await send("13811118000");
    const other = await phoneSignin(lastCode(), "13811118000");
    expect(other.body.data.user.nickname).toMatch(/^用户138\*\*\*\*8000\d{4}$|^用户138\*\*\*\*\d{4}$/);
  });

  it("refuses a wrong code (five tries), an expired one, a used one and one replaced by a newer", async () => {
    await send();
    const code = lastCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await phoneSignin(wrong);
    expect([first.status, first.body.message]).toEqual([400, "验证码错误，还可以再试4次"]);
    for (let i = 0; i < 4; i++) await phoneSignin(wrong);
    expect((await phoneSignin(code)).body.message).toBe("错误次数过多，请重新获取验证码");

    await minutePassed();
    await send();
    t.setNow(t.now() + 5 * 60_000 + 1);
    expect((await phoneSignin(lastCode())).body.message).toBe("验证码已失效，请重新获取");

    await minutePassed();
    await send();
    const old = lastCode();
    await minutePassed();
    await send();
    if (old !== lastCode()) expect((await phoneSignin(old)).body.message).toMatch(/验证码错误/);
    expect((await phoneSignin(lastCode())).body.success).toBe(true);
    expect((await phoneSignin(lastCode())).body.message).toBe("验证码已失效，请重新获取");
    expect(await countRows(t, "users")).toBe(1);
  });

  it("compares no more than five guesses however many arrive at once", async () => {
    await send();
    const code = lastCode();
    // 300 wrong guesses at once, from many addresses (the per-address limit is not what holds them).
    const guesses = Array.from({ length: 300 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((g, i) => phoneSignin(g, PHONE, `198.18.${i >> 8}.${i & 255}`)));
    // Five were compared: four told how many are left, the fifth that none is.
    expect(answers.filter((a) => /^验证码错误/.test(a.body.message))).toHaveLength(4);
    const row = await t.db.selectFrom("sms_codes").select("tries").executeTakeFirstOrThrow();
    expect(row.tries).toBe(5);
    expect((await phoneSignin(code)).body.message).toBe("错误次数过多，请重新获取验证码");
  });

  it.each([
    ["12345", "短信验证码为6位数字"],
    ["", "请输入短信验证码"],
    ["12a456", "短信验证码为6位数字"],
  ])("refuses the code %j before looking", async (verifyCode, message) => {
    const res = await phoneSignin(verifyCode);
    expect(res.body.message).toBe(message);
  });

  it("limits wrong codes from one address across numbers", async () => {
    for (let i = 0; i < limitRules.smsCheckIp.points; i++) {
      const phone = `1370000${String(i).padStart(4, "0")}`;
      await send(phone, `192.0.2.${i}`);
      const code = t.outbox.sms.at(-1)!.code;
      await phoneSignin(code === "000000" ? "111111" : "000000", phone, "203.0.113.66");
    }
    await send("13799999999", "192.0.2.250");
    const blocked = await phoneSignin(lastCode(), "13799999999", "203.0.113.66");
    expect(blocked.status).toBe(429);
  });

  it("refuses a disabled account", async () => {
    await send();
    const s = await phoneSignin(lastCode());
    await t.db.updateTable("users").set({ status: 1 }).where("id", "=", s.body.data.user.id).execute();
    await minutePassed();
    await send();
    expect((await phoneSignin(lastCode())).body.message).toBe("账号已被禁用");
  });
});

describe("a phone number with an account", () => {
  it("comes with a sign-up when its code is right, and is refused when taken (the code proved its owner)", async () => {
    await send();
    const wrong = await t.send(declared.signin.signup, {
      body: {
        nickname: "甲",
        username: "jiajia",
        email: "jia@example.com",
        password: "secret123",
        rePassword: "secret123",
        phone: PHONE,
        verifyCode: "999999" === lastCode() ? "888888" : "999999",
      },
    });
    expect(wrong.body.success).toBe(false);
    expect(await countRows(t, "users")).toBe(0);
    const session = await t.signup({ phone: PHONE, verifyCode: lastCode() });
    expect(session.user.phone).toBe("138****8000");
    await minutePassed();
    await send();
    const taken = await t.send(declared.signin.signup, {
      body: {
        nickname: "乙",
        username: "yiyi",
        email: "yi@example.com",
        password: "secret123",
        rePassword: "secret123",
        phone: PHONE,
        verifyCode: lastCode(),
      },
    });
    expect(taken.body.message).toBe("该手机号已绑定其他账号");
    expect(await countRows(t, "users")).toBe(1);
  });

  it("is bound and unbound in the account, never leaving it without a way in", async () => {
    const me = await t.signup();
    await send();
    const bind = await t.send(
      declared.account.bindPhone,
      { body: { phone: PHONE, verifyCode: lastCode() } },
      { token: me.token },
    );
    expect(bind.body.success, bind.body.message).toBe(true);
    const current = () => t.send(declared.signin.current, {}, { token: me.token });
    expect((await current()).body.data?.phone).toBe("138****8000");
    expect((await t.send(declared.account.unbindPhone, {}, { token: me.token })).body.success).toBe(true);
    expect((await current()).body.data?.phone).toBeNull();

    // A phone-only account keeps its number.
    await minutePassed();
    await send();
    const phoneOnly = (await phoneSignin(lastCode())).body.data;
    const refused = await t.send(declared.account.unbindPhone, {}, { token: phoneOnly.token });
    expect(refused.body.message).toMatch(/至少需要保留一种登录方式/);
    // And nobody else may bind it.
    await minutePassed();
    await send();
    const steal = await t.send(
      declared.account.bindPhone,
      { body: { phone: PHONE, verifyCode: lastCode() } },
      { token: me.token },
    );
    expect(steal.body.message).toBe("该手机号已绑定其他账号");
  });
});
