import { describe, expect, it } from "vitest";
import { picturesIn, renderMarkdown } from "./markdown.ts";

const sizes = new Map([
  ["/uploads/a.webp", { width: 1600, height: 900 }],
  ["/uploads/b.webp", { width: 600, height: 800 }],
]);

describe("pictures in a text", () => {
  it("on adjacent lines, and nothing else in their paragraph, make a row sized by their stored shapes", () => {
    expect(renderMarkdown("![甲](/uploads/a.webp)\n![乙](/uploads/b.webp)\n![丙](/uploads/c.webp)", sizes)).toBe(
      '<p class="picture-row">' +
        '<img src="/uploads/a.webp" alt="甲" width="1600" height="900" style="--ar:1.778" loading="lazy">' +
        '<img src="/uploads/b.webp" alt="乙" width="600" height="800" style="--ar:0.75" loading="lazy">' +
        // A picture whose size is not known still joins the row (the stylesheet gives it an even share).
        '<img src="/uploads/c.webp" alt="丙" loading="lazy"></p>\n',
    );
  });

  it("stay as they were alone, or beside words", () => {
    expect(renderMarkdown("![甲](/uploads/a.webp)", sizes)).toBe(
      '<p><img src="/uploads/a.webp" alt="甲" loading="lazy"></p>\n',
    );
    expect(renderMarkdown("看这里 ![甲](/uploads/a.webp)\n![乙](/uploads/b.webp)", sizes)).not.toContain("picture-row");
  });

  it("keep a hostile description and address as text", () => {
    const html = renderMarkdown('![" onerror="alert(1)](/uploads/a.webp)\n![x](javascript:alert(1))', sizes);
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
