import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startApi, type TestApi } from "../test/harness.ts";
import { webhooks } from "../../contract/webhooks/endpoints.ts";
import { account, admin, comments, people, works } from "../../contract/endpoints.ts";
import type { Session } from "../../contract/signin/views.ts";
import { insertNode, insertWork } from "../test/harness.ts";

/** A receiver on this machine that answers each delivery with the next status given, and keeps what came. */
async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return { url, got, close: () => new Promise((r) => server.close(r)) };
}

let t: TestApi;
let owner: Session;
let me: Session;
let other: Session;
let hook: Awaited<ReturnType<typeof receiver>> | null = null;
afterEach(async () => {
  await hook?.close();
  hook = null;
  await t.close();
});
/** The site with this receiver's host let through (WEBHOOK_ALLOW_HOSTS), and three members, the first its owner. */
async function site(statuses: number[] = []) {
  hook = await receiver(statuses);
  t = await startApi({ webhookAllowHosts: ["127.0.0.1"] });
  // The receiver's library checks the timestamp against the real clock.
  t.setNow(Date.now());
  [owner, me, other] = [await t.signup(), await t.signup(), await t.signup()];
}
const deliveries = async (s: Session) => (await t.send(webhooks.list, {}, { token: s.token })).body.data.deliveries;
async function runUntil(done: () => Promise<boolean>, tries = 20) {
  for (let i = 0; i < tries && !(await done()); i++) {
    t.setNow(t.now() + 2_000);
    await t.jobs.runDue(t.handlers);
    if (t.jobs.engine === "pg-boss") await new Promise((r) => setTimeout(r, 250));
  }
}

describe("webhooks", () => {
  it("deliver a comment on my work and a new follower, signed as Standard Webhooks checks it", async () => {
    await site();
    const made = await t.send(
      webhooks.create,
      { body: { url: hook!.url, events: ["comment.received", "follower.new"] } },
      { token: me.token },
    );
    expect(made.body.data.secret).toMatch(/^whsec_/);
    const workId = await insertWork(t, { userId: me.user.id, title: "一幅画" });
    await t.send(comments.create, { body: { workId, content: "<b>好看</b>" } }, { token: other.token });
    await t.send(people.follow, { body: { userId: me.user.id } }, { token: other.token });
    // Not told of its own words, nor of what happened to someone else.
    await t.send(comments.create, { body: { workId, content: "谢谢" } }, { token: me.token });
    await t.send(people.follow, { body: { userId: other.user.id } }, { token: me.token });
    await runUntil(async () => hook!.got.length >= 2);
    expect(hook!.got).toHaveLength(2);
    const verifier = new Webhook(made.body.data.secret);
    const events = hook!.got.map((g) => verifier.verify(g.body, g.headers as Record<string, string>));
    expect(events).toEqual([
      {
        type: "comment.received",
        timestamp: expect.any(String),
        data: expect.objectContaining({ workId, authorId: other.user.id, content: "<b>好看</b>" }),
      },
      { type: "follower.new", timestamp: expect.any(String), data: { followerId: other.user.id } },
    ]);
    // A body changed on the way fails the check.
    expect(() => verifier.verify(hook!.got[0]!.body.replace("好看", "难看"), hook!.got[0]!.headers as never)).toThrow();
    expect((await deliveries(me)).map((d) => d.state)).toEqual(["sent", "sent"]);
  });

  it("try again after a 500, with the same id and bytes, until the receiver takes it", async () => {
    await site([500, 503]);
    await t.send(webhooks.create, { body: { url: hook!.url, events: ["follower.new"] } }, { token: me.token });
    await t.send(people.follow, { body: { userId: me.user.id } }, { token: other.token });
    await runUntil(async () => (await deliveries(me))[0]?.state === "sent");
    expect(hook!.got).toHaveLength(3);
    expect(new Set(hook!.got.map((g) => g.headers["webhook-id"])).size).toBe(1);
    expect(new Set(hook!.got.map((g) => g.body)).size).toBe(1);
    expect((await deliveries(me))[0]).toMatchObject({ state: "sent", attempts: 3, status: 200 });
  });

  it("give up after eight tries and say why", async () => {
    await site(Array(20).fill(500));
    await t.send(webhooks.create, { body: { url: hook!.url, events: ["follower.new"] } }, { token: me.token });
    await t.send(people.follow, { body: { userId: me.user.id } }, { token: other.token });
    await runUntil(async () => (await deliveries(me))[0]?.state === "failed", 40);
    expect(hook!.got).toHaveLength(8);
    expect((await deliveries(me))[0]).toMatchObject({ state: "failed", attempts: 8, status: 500 });
    expect((await deliveries(me))[0]!.error).toContain("500");
  });

  it("tell the owner of works published and members joined site-wide; a member may not ask for those", async () => {
    await site();
    const refused = await t.send(
      webhooks.create,
      { body: { url: hook!.url, events: ["site.member.joined"] } },
      { token: me.token },
    );
    expect([refused.status, refused.body.message]).toEqual([403, "只有站长可以订阅全站事件"]);
    await t.send(
      webhooks.create,
      { body: { url: hook!.url, events: ["site.member.joined", "site.work.published"] } },
      { token: owner.token },
    );
    const newcomer = await t.signup();
    const node = await insertNode(t, "插画");
    await t.send(works.create, { body: { type: 1, nodeId: node, content: "第一条动态" } }, { token: newcomer.token });
    await runUntil(async () => hook!.got.length >= 2);
    const types = hook!.got.map((g) => (JSON.parse(g.body) as { type: string; data: { userId?: number } }).type);
    expect(types).toEqual(["site.member.joined", "site.work.published"]);
  });

  it("tell of a work held for review only when an admin lets it through", async () => {
    await site();
    await t.send(webhooks.create, { body: { url: hook!.url, events: ["work.published"] } }, { token: me.token });
    await t.send(admin.saveWords, { body: { refuse: "", review: "代开发票", mask: "" } }, { token: owner.token });
    const node = await insertNode(t, "插画");
    const made = await t.send(
      works.create,
      { body: { type: 1, nodeId: node, content: "代开发票" } },
      { token: me.token },
    );
    expect(made.body.data.held).toBe(true);
    await runUntil(async () => false, 3);
    expect(hook!.got).toHaveLength(0);
    const artId = made.body.data.artId;
    await t.send(
      admin.moderateWorks,
      { body: { ids: String(artId), action: "restore", reason: "" } },
      { token: owner.token },
    );
    await runUntil(async () => hook!.got.length >= 1);
    expect(JSON.parse(hook!.got[0]!.body)).toMatchObject({ type: "work.published", data: { workId: artId } });
  });

  it("are the member's own: listed, pinged and deleted only by them, and never with a token", async () => {
    await site();
    const made = await t.send(
      webhooks.create,
      { body: { url: hook!.url, events: ["follower.new"] } },
      { token: me.token },
    );
    const id = made.body.data.id;
    expect((await t.send(webhooks.ping, { params: { id } }, { token: other.token })).status).toBe(404);
    expect((await t.send(webhooks.remove, { params: { id } }, { token: other.token })).status).toBe(404);
    expect((await t.send(webhooks.ping, { params: { id } }, { token: me.token })).body.data.state).toBe("queued");
    await runUntil(async () => hook!.got.length >= 1);
    expect(JSON.parse(hook!.got[0]!.body)).toMatchObject({ type: "ping", data: { webhookId: id } });
    const listed = (await t.send(webhooks.list, {}, { token: me.token })).body.data.hooks;
    expect(listed).toEqual([
      expect.objectContaining({ id, url: hook!.url, last: expect.objectContaining({ state: "sent" }) }),
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    const token = await t.send(
      account.createToken,
      { body: { name: "机器人", scope_read: "on", scope_social: "on", lifetime: 30 } },
      { token: me.token },
    );
    const bearer = { bearer: token.body.data.token };
    expect((await t.send(webhooks.list, {}, bearer)).body.message).toBe("访问令牌不能用于此接口");
    expect((await t.send(webhooks.remove, { params: { id } }, { token: me.token })).body.success).toBe(true);
    expect((await t.send(webhooks.list, {}, { token: me.token })).body.data.hooks).toEqual([]);
  });
});

describe("test deliveries", () => {
  it("are limited to ten an hour a member, so 测试 is no way to flood an address", async () => {
    await site();
    const made = await t.send(
      webhooks.create,
      { body: { url: hook!.url, events: ["follower.new"] } },
      { token: me.token },
    );
    const ping = () => t.send(webhooks.ping, { params: { id: made.body.data.id } }, { token: me.token });
    for (let i = 0; i < 10; i++) expect((await ping()).body.success).toBe(true);
    const refused = await ping();
    expect([refused.status, refused.body.message]).toEqual([429, "测试投递太频繁，请60分钟后再试"]);
    expect((await deliveries(me)).length).toBe(10);
  });
});

describe("webhook addresses", () => {
  it("are refused when they lead inside: loopback, private, link-local, metadata, IPv6 loopback, localhost", async () => {
    t = await startApi();
    const member = await t.signup();
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://10.1.2.3/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://localhost:3000/hook",
      "http://192.168.1.1/",
    ]) {
      const res = await t.send(webhooks.create, { body: { url, events: ["follower.new"] } }, { token: member.token });
      expect(res.status, url).toBe(400);
      expect(res.body.data, url).toMatchObject({ fieldErrors: { url: expect.stringMatching(/内网|本机/) } });
    }
    expect((await t.send(webhooks.list, {}, { token: member.token })).body.data.hooks).toEqual([]);
  });

  it("take http(s) only, without a user or password, and at most five each", async () => {
    t = await startApi({ webhookAllowHosts: ["127.0.0.1"] });
    const member = await t.signup();
    const make = (url: string) =>
      t.send(webhooks.create, { body: { url, events: ["follower.new"] } }, { token: member.token });
    expect((await make("ftp://example.com/")).body.message).toMatch(/http/);
    expect((await make("http://user:pw@127.0.0.1/")).body.message).toMatch(/用户名或密码/);
    for (let i = 0; i < 5; i++) expect((await make(`http://127.0.0.1:${9000 + i}/`)).body.success).toBe(true);
    expect((await make("http://127.0.0.1:9100/")).body.message).toBe("最多添加5个 Webhook");
  });
});
