import { afterEach, describe, expect, it } from "vitest";
import { countRows, insertWork, startApi, type TestApi } from "../test/harness.ts";
import { limitRules } from "../lib/rate-limit.ts";
import { browserKeys, openPush, startPushService, type BrowserKeys } from "../test/push-service.ts";
import { comments, inbox, push, works } from "../../contract/endpoints.ts";
import type { Session } from "../../contract/signin/views.ts";

let t: TestApi;
let service: Awaited<ReturnType<typeof startPushService>>;
let me: Session;
let other: Session;
afterEach(async () => {
  await service.close();
  await t.close();
});

/** The site (the push service's host let through, as WEBHOOK_ALLOW_HOSTS does) and two members. */
async function site(statuses: number[] = []) {
  service = await startPushService(statuses);
  t = await startApi({ webhookAllowHosts: ["127.0.0.1"] });
  [me, other] = [await t.signup(), await t.signup()];
}
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
async function addDevice(who: Session, path = "/me", keys: BrowserKeys = browserKeys()) {
  const body = { endpoint: `${service.url}${path}`, p256dh: keys.p256dh, auth: keys.auth };
  const res = await t.send(push.subscribe, { body }, { token: who.token, agent: chrome });
  expect(res.body.success, res.body.message).toBe(true);
  return { keys, id: res.body.data.id };
}
const choose = (who: Session, kinds: string[]) => t.send(push.saveKinds, { body: { kinds } }, { token: who.token });
async function runJobs(until: () => boolean = () => false, rounds = 6) {
  for (let i = 0; i < rounds && !until(); i++) {
    t.setNow(t.now() + 60_000);
    await t.jobs.runDue(t.handlers);
    if (t.jobs.engine === "pg-boss") await new Promise((r) => setTimeout(r, 250));
  }
}

describe("web push", () => {
  it("sends a private message, encrypted to the device and signed with the site's VAPID key, once chosen", async () => {
    await site();
    const settings = await t.send(push.settings, {}, { token: me.token });
    expect(settings.body.data).toMatchObject({ kinds: [], devices: [] });
    expect(settings.body.data.publicKey).toMatch(/^[\w-]{87}$/);
    const device = await addDevice(me);
    // Off by default: a device alone takes nothing.
    await t.send(inbox.send, { body: { userId: me.user.id, content: "还没选" } }, { token: other.token });
    await runJobs();
    expect(service.got).toHaveLength(0);

    expect((await choose(me, ["message"])).body.data.kinds).toEqual(["message"]);
    const hostile = "你好 <img src=x onerror=alert(1)>\n明天见";
    await t.send(inbox.send, { body: { userId: me.user.id, content: hostile } }, { token: other.token });
    await runJobs(() => service.got.length > 0);
    expect(service.got).toHaveLength(1);
    const [sent] = service.got;
    expect(sent.path).toBe("/me");
    expect(sent.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400", urgency: "normal" });
    expect(sent.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${settings.body.data.publicKey}$`),
    );
    const jwt = JSON.parse(Buffer.from(sent.headers.authorization!.split(".")[1], "base64url").toString());
    expect(jwt.aud).toBe(service.url);
    expect(JSON.parse(openPush(sent.body, device.keys))).toEqual({
      title: `${other.user.nickname} 给你发来私信`,
      body: "你好 <img src=x onerror=alert(1)> 明天见",
      url: `/user/messages/chat/${other.user.id}`,
      tag: `chat-${other.user.id}`,
    });
    const list = (await t.send(push.settings, {}, { token: me.token })).body.data.devices;
    expect(list).toEqual([
      { id: device.id, label: "Chrome · Windows", createdAt: expect.any(Number), lastSentAt: t.now() },
    ]);
  });

  it("pushes comments on one's work by kind, never likes, and nothing read before it went out", async () => {
    await site([201, 500]);
    const device = await addDevice(me);
    await choose(me, ["reply"]);
    const workId = await insertWork(t, { userId: me.user.id, title: "一幅画" });
    await t.send(works.like, { params: { id: workId } }, { token: other.token });
    await t.send(comments.create, { body: { workId, content: "颜色真好" } }, { token: other.token });
    await runJobs(() => service.got.length > 0);
    expect(service.got.map((g) => JSON.parse(openPush(g.body, device.keys)))).toEqual([
      expect.objectContaining({ title: `${other.user.nickname}评论了你的作品《一幅画》`, body: "颜色真好" }),
    ]);
    await t.send(comments.create, { body: { workId, content: "再看一遍" } }, { token: other.token });
    await t.send(inbox.readAllNotifications, {}, { token: me.token });
    await runJobs();
    // Its service was away (500); read on the site before the retry, it is not pushed again.
    expect(service.got).toHaveLength(2);
  });

  it("drops a device its service calls gone, and tries again while the service fails", async () => {
    await site([500, 201, 410]);
    await addDevice(me);
    await choose(me, ["message"]);
    await t.send(inbox.send, { body: { userId: me.user.id, content: "一" } }, { token: other.token });
    await runJobs(() => service.got.length >= 2);
    expect(service.got).toHaveLength(2);
    await t.send(inbox.send, { body: { userId: me.user.id, content: "二" } }, { token: other.token });
    await runJobs(() => service.got.length >= 3);
    expect(await countRows(t, "push_devices")).toBe(0);
  });

  it("refuses an address that is not a push service's on the internet, or keys that are not a browser's", async () => {
    await site();
    const keys = browserKeys();
    const ok = { p256dh: keys.p256dh, auth: keys.auth };
    const at = (endpoint: string, k = ok) => ({ endpoint, ...k });
    const cases: [unknown, string][] = [
      [at("javascript:alert(1)"), "推送地址格式不正确"],
      [at("http://push.example.com/x"), "推送地址需以 https:// 开头"],
      [at("https://10.0.0.8/x"), "不能发送到内网地址（10.0.0.8）"],
      [at("https://localhost/x"), "不能发送到本机地址"],
      [at(`${service.url}/x`, { ...ok, p256dh: "short" }), "设备公钥格式不正确"],
      [at(`${service.url}/x`, { ...ok, auth: `${ok.auth}==` }), "设备密钥格式不正确"],
    ];
    for (const [body, message] of cases) {
      const res = await t.send(push.subscribe, { body: body as never }, { token: me.token });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await countRows(t, "push_devices")).toBe(0);
    expect((await t.send(push.saveKinds, { body: { kinds: ["like"] as never } }, { token: me.token })).status).toBe(
      400,
    );
    expect((await t.send(push.settings, {})).status).toBe(401);
  });

  it("one browser is one device, its last member's; ten at most; removed only by its owner", async () => {
    await site();
    const mine = await addDevice(me, "/shared");
    const theirs = await addDevice(other, "/shared");
    expect(theirs.id).toBe(mine.id);
    expect((await t.send(push.settings, {}, { token: me.token })).body.data.devices).toEqual([]);
    const gone = await t.send(push.remove, { params: { id: theirs.id } }, { token: me.token });
    expect([gone.status, gone.body.message]).toEqual([404, "没有这台设备"]);
    const added: Awaited<ReturnType<typeof addDevice>>[] = [];
    for (let i = 0; i < 11; i++) added.push(await addDevice(me, `/d${i}`));
    const devices = (await t.send(push.settings, {}, { token: me.token })).body.data.devices;
    expect(devices).toHaveLength(10);
    expect(await countRows(t, "push_devices")).toBe(11);
    await t.send(push.forget, { body: { endpoint: `${service.url}/d10` } }, { token: me.token });
    await t.send(push.remove, { params: { id: devices[1].id } }, { token: me.token });
    expect((await t.send(push.settings, {}, { token: me.token })).body.data.devices).toHaveLength(8);
    // The same browser given again (at each visit of the page) is not counted; new ones are, a few an hour.
    for (let i = 0; i < 40; i++) expect((await addDevice(me, "/d5", added[5].keys)).id).toBe(added[5].id);
    for (let i = 12; i < limitRules.pushDevice.points; i++) await addDevice(me, `/d${i}`);
    const k = browserKeys();
    const flood = await t.send(
      push.subscribe,
      { body: { endpoint: `${service.url}/x`, p256dh: k.p256dh, auth: k.auth } },
      { token: me.token },
    );
    expect([flood.status, flood.body.message]).toEqual([429, expect.stringContaining("添加设备太频繁")]);
  });
});
