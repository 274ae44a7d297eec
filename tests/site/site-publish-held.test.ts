import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

let s: TestSite;
let owner: string;
beforeAll(async () => {
  s = await startSite();
  const res = await s.send("/api/login/signin", {
    method: "POST",
    body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
  });
  owner = ((await res.json()) as { data: { token: string } }).data.token;
  await s.send("/api/admin/words", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": owner },
    body: new URLSearchParams({ refuse: "", review: "代开发票", mask: "" }),
  });
});
afterAll(async () => s.close());

/** The toast a response sets (its flash cookie, encoded twice on the way). */
const flash = (res: Response) => decodeURIComponent(decodeURIComponent(res.headers.get("set-cookie") ?? ""));

describe("publishing a work a word holds for review, without JavaScript", () => {
  it("tells the author it waits for the admins, rather than that it is published", async () => {
    const member = await s.member("heldpainter");
    const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
    const form = { type: "1", nodeId: String(nodes.data[0]!.nodeId), content: "可以代开发票" };
    const res = await s.post("/art/create?type=post", form, { Cookie: `token=${member.token}` });
    expect(res.status).toBe(302);
    expect(flash(res)).toContain("管理员通过后才会公开");
    const plain = await s.post(
      "/art/create?type=post",
      { ...form, content: "一幅水彩" },
      { Cookie: `token=${member.token}` },
    );
    expect(flash(plain)).toContain("发布成功");
  });
});
