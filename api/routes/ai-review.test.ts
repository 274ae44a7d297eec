import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countRows, insertNode, startApi, type TestApi } from "../test/harness.ts";
import { startAiServer, type AiServer } from "../test/ai-server.ts";
import { openAiProvider } from "../lib/ai-client.ts";
import { readEvents } from "../../contract/ai/stream.ts";
import { aiLimits } from "../../contract/ai/ai.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { AiStreamEvent } from "../../contract/ai/views.ts";
import * as declared from "../../contract/endpoints.ts";

/** What the fourth review found in the site's AI (issue 53): the quota, the site's cap, long answers, consent. */

let model: AiServer;
let t: TestApi;
let owner: Session;
let me: Session;
let node: number;

beforeAll(async () => (model = await startAiServer()));
afterAll(async () => model.close());
beforeEach(async () => {
  model.reset();
  t = await startApi({
    ai: openAiProvider({
      baseUrl: model.url,
      apiKey: "sk-x",
      model: "fake-chat",
      reasoningModel: "fake-reasoner",
      timeoutMs: 3000,
    }),
  });
  owner = await t.signup({ username: "siteowner" });
  me = await t.signup({ username: "painter" });
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

const settings = (body: Record<string, string | number>) =>
  t.send(
    declared.ai.saveSettings,
    { body: { enabled: "on", dailyQuota: 20, perMinute: 30, systemPrompt: "", ...body } },
    { token: owner.token },
  );
const ask = (body: Record<string, string | number>, token = me.token) => t.send(declared.ai.ask, { body }, { token });
const usedToday = async (token = me.token) => (await t.send(declared.ai.status, {}, { token })).body.data.usedToday;
const publish = async (body: Record<string, string | number>, token = owner.token) => {
  const res = await t.send(declared.works.create, { body: { type: 0, nodeId: node, ...body } }, { token });
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.data.artId;
};

/** Asks on the stream and goes away after the first event (the start), before any word of the answer. */
async function askAndLeave(question: string) {
  const res = await t.api.request(
    "/api/ai/ask/stream",
    {
      method: "POST",
      headers: { "X-Client": "vitest", "X-User-Token": me.token, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ question }),
    },
    { clientIp: "" },
  );
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) return res.status;
  const asked = model.state.requests.length;
  const events: AiStreamEvent[] = [];
  for await (const event of readEvents(res.body!)) {
    events.push(event);
    // The provider has the question (its first word is still to come): the reader goes.
    for (let i = 0; i < 200 && model.state.requests.length === asked; i++) await new Promise((r) => setTimeout(r, 5));
    break;
  }
  return events.map((e) => e.type).join(",");
}

const settled = async (messages: number) => {
  for (let i = 0; i < 100 && (await countRows(t, "ai_messages")) < messages; i++)
    await new Promise((r) => setTimeout(r, 30));
};

describe("the quota is charged once the provider is asked", () => {
  it("stopping before the first word keeps the question charged, so stops cannot ask past the quota", async () => {
    await settings({ dailyQuota: 3 });
    model.state.firstWordMs = 300;
    for (let i = 0; i < 3; i++) {
      expect(await askAndLeave(`停下${i}`)).toBe("start");
      await settled(2 * (i + 1));
    }
    expect(model.state.requests).toHaveLength(3);
    expect(await usedToday()).toBe(3);
    expect(await askAndLeave("第四个")).toBe(429);
  });

  it("a site-wide daily cap set in /admin/ai holds across members, and a provider's failure gives it back", async () => {
    const saved = (await settings({ dailyQuota: 5, siteDaily: 2 })).body.data;
    expect(saved.settings.siteDaily).toBe(2);
    const other = await t.signup({ username: "another" });
    model.state.next = ["500"];
    expect((await ask({ question: "失败的" })).body.success).toBe(false);
    expect((await ask({ question: "一" })).body.success).toBe(true);
    expect((await ask({ question: "二" }, other.token)).body.success).toBe(true);
    const third = await ask({ question: "三" }, owner.token);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe("本站今天的 AI 提问已达上限，明天再来吧");
    expect((await t.send(declared.ai.admin, {}, { token: owner.token })).body.data.siteToday).toBe(2);
    // A save without the field (an older form) keeps the cap.
    expect((await settings({ dailyQuota: 5 })).body.data.settings.siteDaily).toBe(2);
    expect((await settings({ siteDaily: -1 })).body.message).toBe("全站每日次数不能小于0");
  });

  it("many questions at once charge no more than the site's cap", async () => {
    await settings({ dailyQuota: 50, siteDaily: 4 });
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => ask({ question: `同时${i}` })));
    expect(all.filter((r) => r.body.success)).toHaveLength(4);
    expect(await usedToday()).toBe(4);
  });
});

describe("a long answer", () => {
  it("is stopped at its length limit and kept, marked long", async () => {
    model.state.more = Array.from({ length: 40 }, (_, i) => `${i}`.padEnd(500, "长"));
    const { answer } = (await ask({ question: "说很多" })).body.data;
    expect(answer.state).toBe("long");
    expect(answer.content.length).toBe(aiLimits.answerChars);
  });
});

describe("consent reaches reposts and history", () => {
  it("a repost of a work kept from AI is kept from AI, whatever the reposter ticks", async () => {
    const kept = await publish({ title: "青绿山水秘本", content: "不许AI读的青绿山水，暗号白鹭。", noai: "1" });
    const repost = await publish(
      {
        title: "青绿山水转载",
        content: "不许AI读的青绿山水，暗号白鹭。",
        noai: "0",
        origin: "repost",
        sourceUrl: `http://yishe.test/art/${kept}`,
        sourceAuthor: "用户1",
      },
      me.token,
    );
    const rights = (await t.send(declared.works.detail, { params: { id: repost } })).body.data.rights;
    expect(rights.noai).toBe(true);
    const outside = await publish(
      {
        title: "青绿山水外站",
        content: "外站的青绿山水，暗号苍鹰。",
        noai: "0",
        origin: "repost",
        sourceUrl: "https://elsewhere.example/art/1",
        sourceAuthor: "外站作者",
      },
      me.token,
    );
    expect((await t.send(declared.works.detail, { params: { id: outside } })).body.data.rights.noai).toBe(true);
    await ask({ question: "青绿山水", search: "on" });
    expect(model.sentText()).not.toContain("暗号白鹭");
    expect(model.sentText()).not.toContain("暗号苍鹰");
  });

  it("a repost follows its source when the source's author withdraws consent later", async () => {
    const source = await publish({ title: "水墨竹林", content: "水墨竹林的画法，暗号翠竹。", noai: "0" });
    await publish(
      {
        title: "水墨竹林转载",
        content: "转来的水墨竹林，暗号新笋。",
        noai: "0",
        origin: "repost",
        sourceUrl: `http://yishe.test/art/${source}`,
        sourceAuthor: "用户1",
      },
      me.token,
    );
    await ask({ question: "水墨竹林", search: "on" });
    expect(model.sentText()).toContain("暗号新笋");
    await t.send(
      declared.works.update,
      {
        params: { id: source },
        body: { type: 0, nodeId: node, title: "水墨竹林", content: "水墨竹林的画法，暗号翠竹。", noai: "1" },
      },
      { token: owner.token },
    );
    model.state.requests.length = 0;
    await ask({ question: "水墨竹林", search: "on" });
    expect(model.sentText()).not.toContain("暗号新笋");
    expect(model.sentText()).not.toContain("暗号翠竹");
  });

  it("an earlier answer that quoted a work leaves the history once its author withdraws consent", async () => {
    const work = await publish({ title: "敦煌飞天临摹", content: "飞天的飘带。", noai: "0" });
    const first = (await ask({ question: "敦煌飞天临摹", search: "on" })).body.data;
    expect(first.answer.content).toContain("《敦煌飞天临摹》[1]");
    await ask({ question: "还有吗", conversationId: first.conversationId });
    expect(model.state.requests.at(-1)!.messages.map((m) => m.content)).toContain(first.answer.content);
    await t.send(
      declared.works.update,
      {
        params: { id: work },
        body: { type: 0, nodeId: node, title: "敦煌飞天临摹", content: "飞天的飘带。", noai: "1" },
      },
      { token: owner.token },
    );
    await ask({ question: "再说说", conversationId: first.conversationId });
    const sent = model.state.requests.at(-1)!.messages.map((m) => m.content);
    expect(sent).not.toContain(first.answer.content);
    expect(sent).toContain("还有吗");
  });
});

describe("a repost of a repost", () => {
  it("stands on the first source: its withdrawal reaches every repost down the chain", async () => {
    const source = await publish({ title: "泼墨荷花", content: "泼墨荷花的画法，暗号莲蓬。", noai: "0" });
    const repost = (from: number, title: string, who: Session) =>
      publish(
        {
          title,
          content: `${title}，暗号${title}。`,
          noai: "0",
          origin: "repost",
          sourceUrl: `http://yishe.test/art/${from}`,
          sourceAuthor: "用户1",
        },
        who.token,
      );
    const first = await repost(source, "泼墨荷花转一", me);
    const second = await repost(first, "泼墨荷花转二", owner);
    await t.send(
      declared.works.update,
      {
        params: { id: source },
        body: { type: 0, nodeId: node, title: "泼墨荷花", content: "泼墨荷花的画法，暗号莲蓬。", noai: "1" },
      },
      { token: owner.token },
    );
    await ask({ question: "泼墨荷花", search: "on" });
    expect(model.sentText()).not.toContain("泼墨荷花转二");
    expect(model.sentText()).not.toContain("泼墨荷花转一");
    expect(second).toBeGreaterThan(first);
  });
});
