import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupForm } from "../../api/test/signup.ts";
import { startSite, type TestSite } from "./test-site.ts";

/** A nickname that would end the page's data script and open an image, were it written into the page as it is. */
const hostile = "</script><img src=x>";

let t: TestSite;
let token: string;
let nodeId: number;
let artId: number;
beforeAll(async () => {
  t = await startSite();
  token = (await t.member("packer")).token;
  nodeId = ((await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] }).data[0].nodeId;
  // Someone else who publishes: someone for the packer to follow (the active creators are read once a minute).
  const signup = await t.send("/api/login/signup", { method: "POST", body: signupForm("painter", hostile) });
  const painter = ((await signup.json()) as { data: { token: string } }).data.token;
  await t.send("/api/art/create", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": painter },
    body: new URLSearchParams({ type: "1", content: "一幅水彩", nodeId: String(nodeId) }),
  });
  for (const content of ["第一张速写", "第二张速写", "第三张速写"]) {
    const res = await t.send("/api/art/create", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": token },
      body: new URLSearchParams({ type: "1", content, nodeId: String(nodeId) }),
    });
    artId = ((await res.json()) as { data: { artId: number } }).data.artId;
  }
});
afterAll(async () => t.close());

/** The values turbo-stream wrote for a data request (its first line), and those of them that are packed JSON. */
async function streamed(path: string) {
  const text = await (await t.get(path, { Cookie: `token=${token}` })).text();
  const values = JSON.parse(text.split("\n")[0]) as unknown[];
  const packed = values
    .filter((v): v is string => typeof v === "string" && v.startsWith("{"))
    .map((v) => JSON.parse(v) as Record<string, unknown>);
  return { values, packed };
}

describe("a page's data as turbo-stream sees it (app/speed/packed.ts)", () => {
  it("carries the root's data and a listing's cards as one string each", async () => {
    for (const path of ["/_.data", `/arts/node/${nodeId}.data`]) {
      const { values, packed } = await streamed(path);
      // Unpacked, the root alone (ten nodes, the member, the inbox) is over a hundred values.
      expect(values.length, path).toBeLessThan(40);
      const root = packed.find((p) => "config" in p)!;
      expect(root.nodes).toHaveLength(10);
      expect((root.user as { username: string }).username).toBe("packer");
      const cards = values.find((v) => typeof v === "string" && v.startsWith('[{"artId"')) as string;
      const parsed = JSON.parse(cards) as Record<string, unknown>[];
      expect(parsed.map((c) => c.summary)).toEqual(["第三张速写", "第二张速写", "第一张速写", "一幅水彩"]);
      // The API's card is what a card draws: no counts it does not show, one avatar, nothing for other kinds.
      for (const card of parsed) {
        expect(Object.keys(card).sort()).toEqual([
          "artId",
          "cover",
          "createdAt",
          "imageCount",
          "likeCount",
          "liked",
          "node",
          "summary",
          "title",
          "type",
          "user",
        ]);
        expect(Object.keys(card.user as object).sort()).toEqual(["id", "nickname", "smallAvatar", "username"]);
      }
    }
  });

  it("carries who to follow as one string, with only what the strip draws", async () => {
    const { values } = await streamed("/_.data");
    const strip = values.find(
      (v) => typeof v === "string" && v.startsWith("[{") && v.includes('"fansCount"'),
    ) as string;
    const people = JSON.parse(strip) as Record<string, unknown>[];
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      expect(Object.keys(person).sort()).toEqual([
        "fansCount",
        "followed",
        "id",
        "nickname",
        "smallAvatar",
        "username",
        "workCount",
      ]);
      expect(person).not.toHaveProperty("description");
      expect(person.followed).toBe(false);
    }
    expect(people.map((p) => p.nickname)).toContain(hostile);
  });

  it("writes a hostile nickname in the strip and in the page's data as text", async () => {
    const html = await (await t.get("/", { Cookie: `token=${token}` })).text();
    const strip = html.slice(html.indexOf('data-testid="who-to-follow"'));
    expect(strip).toContain("&lt;/script&gt;&lt;img src=x&gt;");
    expect(html).not.toContain("<img src=x>");
    // The data script holds it escaped: nothing in it ends the script.
    expect(html).not.toContain("</script><img");
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
  });

  it("carries a work's page as one string", async () => {
    const { values, packed } = await streamed(`/art/${artId}.data`);
    expect(values.length).toBeLessThan(20);
    const page = packed.find((p) => "work" in p)!;
    expect(page).toMatchObject({ work: { artId, summary: "第三张速写" }, comments: { results: [] } });
    expect((page.more as { artId: number }[]).map((w) => w.artId)).toEqual([artId - 1, artId - 2]);
  });
});
