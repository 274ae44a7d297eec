import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

// The inbox through the whole site: the stream a browser opens, the routes that mark and sign in, what a visitor gets.
let s: TestSite;
let ann: { token: string; user: { id: number } };
let bo: { token: string; user: { id: number } };
beforeAll(async () => {
  s = await startSite();
  ann = await s.member("annie");
  bo = await s.member("bobby");
});
afterAll(async () => s.close());

const as = (who: { token: string }) => ({ Cookie: `token=${who.token}` });
/** The toast a response sets (its flash cookie, encoded twice on the way). */
const flash = (res: Response) => decodeURIComponent(decodeURIComponent(res.headers.get("set-cookie") ?? ""));
const follow = (who: { token: string }, userId: number) =>
  s.send("/api/fans/follow", {
    method: "POST",
    headers: { "X-User-Token": who.token, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ userId: String(userId) }),
  });

describe("the inbox on the site", () => {
  it("streams the signed-in person's unread state from /user/events, and answers a visitor 401", async () => {
    expect((await s.get("/user/events")).status).toBe(401);
    const res = await s.get("/user/events", as(ann));
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("cache-control")).toContain("no-transform");
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += (await reader.read()).value ?? "";
    };
    await until('"count":0');
    await follow(bo, ann.user.id);
    await until('"count":1');
    expect(text).toContain('"kind":"follow"');
    await reader.cancel();
  });

  it("asks a visitor to sign in for messages, scores and a sign-in post", async () => {
    for (const path of ["/user/messages", "/user/messages/chats", "/user/scores", `/user/messages/chat/${ann.user.id}`])
      expect((await s.get(path)).headers.get("location")).toBe(`/user/signin?ref=${encodeURIComponent(path)}`);
    const post = await s.post("/user/checkin", { ref: "/about" });
    expect(post.headers.get("location")).toBe("/user/signin?ref=%2Fabout");
  });

  it("opens a notification where it points and never where the address says; someone else's is not found", async () => {
    await follow(bo, ann.user.id);
    const list = await s.send("/api/notification/list", { headers: { "X-User-Token": ann.token } });
    const id = ((await list.json()) as { data: { results: { notificationId: number }[] } }).data.results[0]
      .notificationId;
    // A link from another site marks nothing read and leads to the list.
    const crossSite = await s.get(`/user/messages/open/${id}`, { ...as(ann), "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.headers.get("location")).toBe("/user/messages");
    const unread = await s.send("/api/user/msgrecent", { headers: { "X-User-Token": ann.token } });
    expect(((await unread.json()) as { data: { notificationCount: number } }).data.notificationCount).toBe(1);
    const theirs = await s.get(`/user/messages/open/${id}`, as(bo));
    expect(theirs.headers.get("location")).toBe("/user/messages");
    const mine = await s.get(`/user/messages/open/${id}?to=https://evil.example/`, as(ann));
    expect(mine.headers.get("location")).toBe(`/user/${bo.user.id}`);
    expect((await s.get("/user/messages/open/abc", as(ann))).headers.get("location")).toBe("/user/messages");
  });

  it("signs in for the day once and goes back where the form came from", async () => {
    const first = await s.post("/user/checkin", { ref: "/about" }, as(ann));
    expect(first.headers.get("location")).toBe("/about");
    expect(flash(first)).toContain("签到成功，获得 5 积分");
    const again = await s.post("/user/checkin", { ref: "https://evil.example/" }, as(ann));
    expect(again.headers.get("location")).toBe("/");
    expect(flash(again)).toContain("今天已经签到过了");
  });

  it("sends a private message with a plain form post and refuses an empty one with the reason, keeping nothing", async () => {
    const path = `/user/messages/chat/${bo.user.id}`;
    const sent = await s.post(path, { intent: "send", content: "你好" }, as(ann));
    expect([sent.status, sent.headers.get("location")]).toEqual([302, path]);
    const empty = await s.post(path, { intent: "send", content: "  " }, as(ann));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("请输入私信内容");
    const page = await (await s.get(`/user/messages/chat/${ann.user.id}`, as(bo))).text();
    expect(page).toContain("你好");
  });
});
