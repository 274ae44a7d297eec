import { describe, expect, it } from "vitest";
import { shareLinks } from "./ShareMenu.tsx";

describe("sharing to 微博 and QQ", () => {
  it("hands each its share page the address, the title and the poster, encoded", () => {
    const [weibo, qq] = shareLinks(
      "https://yishe.example/art/5",
      '夏日 & "海边"',
      "https://yishe.example/api/art/poster/5",
    );
    const w = new URL(weibo.href);
    expect([
      w.origin + w.pathname,
      w.searchParams.get("url"),
      w.searchParams.get("title"),
      w.searchParams.get("pic"),
    ]).toEqual([
      "https://service.weibo.com/share/share.php",
      "https://yishe.example/art/5",
      '夏日 & "海边"',
      "https://yishe.example/api/art/poster/5",
    ]);
    const q = new URL(qq.href);
    expect([q.hostname, q.searchParams.get("pics")]).toEqual([
      "connect.qq.com",
      "https://yishe.example/api/art/poster/5",
    ]);
  });

  it("sends no poster for a work that has none", () => {
    expect(new URL(shareLinks("https://a.example/art/1", "t", null)[0].href).searchParams.has("pic")).toBe(false);
  });
});
