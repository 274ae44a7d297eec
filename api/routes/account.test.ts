import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import type { CurrentUserView, Session } from "../../contract/signin/views.ts";
import * as declared from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let other: Session;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup({ nickname: "青木", username: "qingmu", email: "qm@example.com" });
  other = await t.signup({ nickname: "南风", username: "nanfeng", email: "nf@example.com" });
});
afterEach(async () => t.close());

const post = <T = CurrentUserView>(path: string, body: Record<string, string | number> | FormData, token = me.token) =>
  t.call<T>("POST", `/api/user${path}`, { body, token });
const current = async (token = me.token) => (await t.send(declared.signin.current, {}, { token })).body.data;

describe("editing one's profile", () => {
  it("changes the nickname, bio and whether favorites are public", async () => {
    const res = await post("/profile", { nickname: "青木木", description: "画雨天和猫", favoritesPublic: "on" });
    expect(res.body.data).toMatchObject({ nickname: "青木木", description: "画雨天和猫" });
    const profile = await t.send(declared.people.profile, { params: { id: me.user.id } });
    expect(profile.body.data.favoritesPublic).toBe(true);
    expect((await post("/profile", { nickname: "青木木", description: "" })).body.success).toBe(true);
  });

  it("refuses an empty, blank, too long, taken or reserved nickname and a long bio, changing nothing", async () => {
    for (const [body, message] of [
      [{ nickname: "" }, "请输入昵称"],
      [{ nickname: "   " }, "请输入昵称"],
      [{ nickname: "字".repeat(21) }, "昵称不能超过20个字符"],
      [{ nickname: "南 风" }, "昵称已被占用"],
      [{ nickname: "NanFeng" }, "昵称已被占用"],
      [{ nickname: "站长小号" }, "该昵称为保留名称，请换一个"],
      [{ nickname: "青木", description: "话".repeat(201) }, "个人简介不能超过200个字符"],
    ] as const) {
      const res = await post("/profile", body);
      expect([res.body.success, res.body.message], JSON.stringify(body)).toEqual([false, message]);
    }
    expect(await current()).toMatchObject({ nickname: "青木", description: "" });
    const visitor = await t.send(declared.account.profile, { body: { nickname: "x" } });
    expect(visitor.status).toBe(401);
  });

  it("sets an avatar cut square at 400 and 100 pixels, from the centre or where asked", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const form = (crop?: [number, number, number]) => {
      const fd = new FormData();
      fd.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
      if (crop) for (const [i, name] of ["cropX", "cropY", "cropSize"].entries()) fd.set(name, String(crop[i]));
      return fd;
    };
    const res = await post("/set/avatar", form());
    expect(res.body.success).toBe(true);
    const size = async (url: string) => {
      const meta = await sharp((await t.stored(url))!).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size(res.body.data.avatar)).toEqual(["webp", 400, 400]);
    expect(await size(res.body.data.smallAvatar)).toEqual(["webp", 100, 100]);
    expect((await post("/set/avatar", form([0.5, 0, 0.5]))).body.success).toBe(true);
    const bad = await post("/set/avatar", form([0.5, 0, 2]));
    expect([bad.body.success, bad.body.message]).toEqual([false, "裁剪范围无效"]);
    const text = new FormData();
    text.set("avatar", new File(["<svg onload=alert(1)>"], "x.svg", { type: "image/svg+xml" }));
    const svg = await post("/set/avatar", text);
    expect(svg.body.success).toBe(false);
    expect(svg.body.data).toMatchObject({ fieldErrors: { avatar: expect.stringContaining("SVG") } });
  });

  it("cuts the avatar where asked: the right half of a red-and-blue picture is blue", async () => {
    const half = (color: string) =>
      sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
        .png()
        .toBuffer();
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#ff0000" } })
      .composite([{ input: await half("#0000ff"), left: 400, top: 0 }])
      .png()
      .toBuffer();
    const colourOf = async (crop: string[]) => {
      const fd = new FormData();
      fd.set("avatar", new File([new Uint8Array(picture)], "rb.png", { type: "image/png" }));
      for (const [i, name] of ["cropX", "cropY", "cropSize"].entries()) fd.set(name, crop[i]);
      const res = await post("/set/avatar", fd);
      const file = (await t.stored(res.body.data.avatar))!;
      const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      return data[0] > 200 && data[2] < 60 ? "red" : data[2] > 200 && data[0] < 60 ? "blue" : "mixed";
    };
    expect(await colourOf(["0.5", "0", "1"])).toBe("blue");
    expect(await colourOf(["0", "0", "1"])).toBe("red");
  });
});

describe("the account", () => {
  it("changes the username once, refusing a taken or malformed one", async () => {
    expect((await post("/account/username", { username: "nanfeng" })).body.message).toBe("用户名已被占用");
    expect((await post("/account/username", { username: "1abc" })).body.message).toMatch(/以字母开头/);
    expect((await post("/account/username", { username: "qingmu2" })).body.data.username).toBe("qingmu2");
    expect((await post("/account/username", { username: "qingmu3" })).body.message).toBe("用户名只能修改一次");
    expect((await current())?.username).toBe("qingmu2");
  });

  it("changes the e-mail only when the link mailed to the new address is followed; a taken one is not said", async () => {
    await t.verifyEmail("nf@example.com");
    t.outbox.mail.length = 0;
    const taken = await post("/account/email", { email: "NF@example.com" });
    expect(taken.body).toMatchObject({ success: true, data: { email: "nf@example.com" } });
    const res = await post("/account/email", { email: "new@example.com" });
    expect(res.body).toMatchObject({ success: true, data: { email: "new@example.com" } });
    expect((await current())?.email).not.toBe("new@example.com");
    await vi.waitFor(() => expect(t.outbox.mail).toHaveLength(2));
    expect(t.outbox.mail[0].text).not.toContain("token=");
    const token = /token=([\w-]+)/.exec(t.outbox.mail[1].text)![1];
    const verified = await t.send(declared.signin.emailVerify, { body: { token } });
    expect(verified.body.data).toEqual({ email: "new@example.com" });
    expect(await current()).toMatchObject({ email: "new@example.com", emailVerified: true });
  });

  it("changes the password only with the old one, signing out every other session", async () => {
    const second = await t.send(declared.signin.signin, { body: { username: "qingmu", password: "secret123" } });
    const wrong = await post("/account/password", {
      oldPassword: "nope",
      password: "newpass1",
      rePassword: "newpass1",
    });
    expect([wrong.body.success, wrong.body.message]).toEqual([false, "原密码不正确"]);
    const mismatch = await post("/account/password", {
      oldPassword: "secret123",
      password: "newpass1",
      rePassword: "newpass2",
    });
    expect(mismatch.body.message).toBe("两次输入的密码不一致");
    expect(await current(second.body.data.token)).not.toBeNull();
    const done = await post("/account/password", {
      oldPassword: "secret123",
      password: "newpass1",
      rePassword: "newpass1",
    });
    expect(done.body.success).toBe(true);
    expect(await current()).not.toBeNull();
    expect((await t.send(declared.signin.current, {}, { token: second.body.data.token })).status).toBe(401);
    const signin = await t.send(declared.signin.signin, { body: { username: "qingmu", password: "newpass1" } });
    expect(signin.body.success).toBe(true);
  });

  it("lists the sessions with where they signed in, and signs out one or all the others", async () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
    const res = await t.api.request(
      "/api/login/signin",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": chrome },
        body: JSON.stringify({ username: "qingmu", password: "secret123" }),
      },
      { clientIp: "203.0.113.9" },
    );
    const phone = ((await res.json()) as { data: Session }).data;
    const list = await t.send(declared.account.sessions, {}, { token: me.token });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.find((s) => !s.current)).toMatchObject({ client: "Chrome · Windows", ip: "203.0.113.9" });
    const theirs = await t.send(declared.account.sessions, {}, { token: other.token });
    const foreign = theirs.body.data[0].sessionId;
    expect((await post<{ ended: number }>("/sessions/end", { sessionId: foreign })).body.data.ended).toBe(0);
    expect(await current(other.token)).not.toBeNull();
    expect((await post<{ ended: number }>("/sessions/end", {})).body.data.ended).toBe(1);
    expect((await t.send(declared.signin.current, {}, { token: phone.token })).status).toBe(401);
    expect(await current()).not.toBeNull();
  });
});
