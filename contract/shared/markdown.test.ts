import { describe, expect, it } from "vitest";
import { embedsIn, picturesIn, renderMarkdown, type WorkEmbed } from "./markdown.ts";

const sizes = new Map([
  ["/uploads/a.webp", { width: 1600, height: 900 }],
  ["/uploads/b.webp", { width: 600, height: 800 }],
]);

describe("pictures in a text", () => {
  it("on adjacent lines, and nothing else in their paragraph, make a row sized by their stored shapes", () => {
    expect(renderMarkdown("![甲](/uploads/a.webp)\n![乙](/uploads/b.webp)\n![丙](/uploads/c.webp)", { sizes })).toBe(
      '<p class="picture-row">' +
        '<img src="/uploads/a.webp" alt="甲" width="1600" height="900" style="--ar:1.778" loading="lazy">' +
        '<img src="/uploads/b.webp" alt="乙" width="600" height="800" style="--ar:0.75" loading="lazy">' +
        // A picture whose size is not known still joins the row (the stylesheet gives it an even share).
        '<img src="/uploads/c.webp" alt="丙" loading="lazy"></p>\n',
    );
  });

  it("stay as they were alone, or beside words", () => {
    expect(renderMarkdown("![甲](/uploads/a.webp)", { sizes })).toBe(
      '<p><img src="/uploads/a.webp" alt="甲" loading="lazy"></p>\n',
    );
    expect(renderMarkdown("看这里 ![甲](/uploads/a.webp)\n![乙](/uploads/b.webp)", { sizes })).not.toContain(
      "picture-row",
    );
  });

  it("keep a hostile description and address as text", () => {
    const html = renderMarkdown('![" onerror="alert(1)](/uploads/a.webp)\n![x](javascript:alert(1))', { sizes });
    expect(html).toContain('alt="&quot; onerror=&quot;alert(1)"');
    expect(html).not.toMatch(/<img[^>]*\sonerror="/);
    expect(html).not.toContain('src="javascript:');
    // Not two pictures (the second is refused, and stays text), so not a row.
    expect(html).not.toContain("picture-row");
  });

  it("are found by address, to look up their sizes", () => {
    expect(picturesIn('![甲](/uploads/a.webp)\n文字 ![乙]( /uploads/b.webp "标题") [链接](/x)')).toEqual([
      "/uploads/a.webp",
      "/uploads/b.webp",
    ]);
  });
});

const track: WorkEmbed = {
  artId: 7,
  kind: "音乐",
  title: "夏夜<script>alert(1)</script>",
  author: '"><img src=x onerror=alert(1)>',
  cover: { url: "/uploads/c-480.webp", width: 480, height: 480 },
  audio: "/uploads/song.mp3",
};
const works = new Map([[7, track]]);

describe("a hostile text", () => {
  it("is read for its pictures once: a line of 25,000 unclosed picture marks", () => {
    expect(picturesIn("![".repeat(25_000))).toEqual([]);
    expect(picturesIn(`![${"长".repeat(250)}](/uploads/a.webp)`)).toEqual(["/uploads/a.webp"]);
  });
});

describe("a link on a line of its own", () => {
  it("to a work of this site is its card, and a track plays where it stands", () => {
    for (const line of ["/art/7", "[听这首](/art/7)", "https://yishe.example/art/7", "<https://yishe.example/art/7>"]) {
      const html = renderMarkdown(`前面的话\n\n${line}\n\n后面的话`, { works, siteHost: "yishe.example" });
      expect(html, line).toContain('<figure class="embed embed-work"><a class="embed-open" href="/art/7">');
      expect(html).toContain('<audio controls preload="none" src="/uploads/song.mp3"');
      expect(html).toContain('<img src="/uploads/c-480.webp" alt="" width="480" height="480" loading="lazy">');
      expect(html).toContain("<p>前面的话</p>");
    }
  });

  it("keeps a hostile title and author as text", () => {
    const html = renderMarkdown("/art/7", { works });
    expect(html).toContain("夏夜&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("音乐 · &quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toMatch(/<script|<img src=x/);
  });

  it("stays a link beside words, in a list, to a work not shown, on another site's /art/ or without blocks", () => {
    const plain = (source: string) =>
      expect(renderMarkdown(source, { works, siteHost: "yishe.example" })).not.toMatch(/embed-work/);
    plain("看 /art/7 这件");
    plain("- /art/7");
    plain("/art/8");
    plain("https://other.example/art/7");
    plain("https://yishe.example/art/7?x=1");
    expect(renderMarkdown("/art/7", { siteHost: "yishe.example" })).toBe("<p>/art/7</p>\n");
  });

  it("to another site is a card naming the host it really leads to, through the leaving page", () => {
    const html = renderMarkdown("https://www.taobao.com.login-check@evil.example/pay?x=1", { works });
    expect(html).toBe(
      '<a class="embed embed-link" href="/redirect?url=https%3A%2F%2Fevil.example%2Fpay%3Fx%3D1" rel="nofollow ugc noopener" target="_blank">' +
        '<span class="embed-host">evil.example</span><strong>/pay?x=1</strong></a>\n',
    );
    const named = renderMarkdown('[我的<b>作品集</b>](https://folio.example/me "t")', { works });
    expect(named).toContain(
      '<span class="embed-host">folio.example</span><strong>我的&lt;b&gt;作品集&lt;/b&gt;</strong>',
    );
    expect(renderMarkdown("[https://www.taobao.com](https://evil.example/x)", { works })).toContain(
      '<span class="embed-host">evil.example</span><strong>/x</strong>',
    );
    expect(renderMarkdown("[脚本](javascript:alert(1))", { works })).not.toContain("embed");
  });

  it("are found as works to look up: paths, the site's own addresses and links, once each", () => {
    const source = "/art/3\n[甲](/art/4)\nhttps://yishe.example/art/5\nhttps://other.example/art/6\n看 /art/9\n/art/3";
    expect(embedsIn(source, "yishe.example")).toEqual([3, 4, 5]);
    expect(embedsIn('[甲](/art/7 "标题")\n[乙]( </art/8> )', "yishe.example")).toEqual([7, 8]);
  });

  it("reads a hostile long line once: an unclosed link of 50,000 characters, or a long one that closes", () => {
    // Before, the pattern tried every split of such a line's address against what followed it: seconds of CPU.
    expect(embedsIn(`[a](${"x".repeat(50_000)}`)).toEqual([]);
    expect(embedsIn(`[a](${"x".repeat(2_000)} ${"y".repeat(90)}`)).toEqual([]);
    expect(embedsIn(`[a](/art/${"1".repeat(2_090)})`)).toEqual([]);
  });
});
