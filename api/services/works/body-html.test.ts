import { describe, expect, it, vi } from "vitest";

const rendered = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../contract/shared/markdown.ts", async (original) => {
  const actual = await original<typeof import("../../../contract/shared/markdown.ts")>();
  return {
    ...actual,
    renderMarkdown: (source: string) => {
      rendered.count++;
      return actual.renderMarkdown(source);
    },
  };
});
const { bodyHtml } = await import("./body.ts");

describe("bodyHtml", () => {
  it("renders a work's Markdown once while its text stays, and afresh when it changes", () => {
    const before = rendered.count;
    const html = bodyHtml(1, "## 标题\n\n正文");
    expect(html).toContain("<h2>标题</h2>");
    expect(bodyHtml(1, "## 标题\n\n正文")).toBe(html);
    expect(rendered.count - before).toBe(1);
    expect(bodyHtml(1, "## 改过的标题")).toContain("<h2>改过的标题</h2>");
    expect(rendered.count - before).toBe(2);
    // Another work with the same text is its own entry.
    bodyHtml(2, "## 改过的标题");
    expect(rendered.count - before).toBe(3);
  });

  it("keeps what it renders sanitized: raw HTML stays text", () => {
    const html = bodyHtml(3, '<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))');
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
    expect(bodyHtml(3, '<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))')).toBe(html);
  });

  it("lets the least recently read go past 300 works", () => {
    for (let id = 100; id < 401; id++) bodyHtml(id, `第${id}篇`);
    const before = rendered.count;
    bodyHtml(400, "第400篇");
    expect(rendered.count).toBe(before);
    bodyHtml(100, "第100篇");
    expect(rendered.count).toBe(before + 1);
  });
});
