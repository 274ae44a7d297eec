import { describe, expect, it, vi } from "vitest";
import type { Deps } from "../deps.ts";
import type { WorkRow } from "../../db/queries/works.ts";

const rendered = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../contract/shared/markdown.ts", async (original) => {
  const actual = await original<typeof import("../../../contract/shared/markdown.ts")>();
  return {
    ...actual,
    renderMarkdown: (...args: Parameters<typeof actual.renderMarkdown>) => {
      rendered.count++;
      return actual.renderMarkdown(...args);
    },
  };
});
const { bodyOf } = await import("./body.ts");

// A text without blocks or picture rows reads nothing: the site's address is all bodyOf needs of its deps.
const deps = { signin: { siteUrl: "http://yishe.test" } } as Deps;
const bodyHtml = async (id: number, content: string) => (await bodyOf(deps, id, content)).html;

describe("a work's body", () => {
  it("renders a work's Markdown once while its text stays, and afresh when it changes", async () => {
    const before = rendered.count;
    const html = await bodyHtml(1, "## 标题\n\n正文");
    expect(html).toContain("<h2>标题</h2>");
    expect(await bodyHtml(1, "## 标题\n\n正文")).toBe(html);
    expect(rendered.count - before).toBe(1);
    expect(await bodyHtml(1, "## 改过的标题")).toContain("<h2>改过的标题</h2>");
    expect(rendered.count - before).toBe(2);
    // Another work with the same text is its own entry.
    await bodyHtml(2, "## 改过的标题");
    expect(rendered.count - before).toBe(3);
  });

  it("keeps what it renders sanitized: raw HTML stays text", async () => {
    const html = await bodyHtml(3, '<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))');
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
    expect(await bodyHtml(3, '<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))')).toBe(html);
  });

  it("lets the least recently read go past 300 works", async () => {
    for (let id = 100; id < 401; id++) await bodyHtml(id, `第${id}篇`);
    const before = rendered.count;
    await bodyHtml(400, "第400篇");
    expect(rendered.count).toBe(before);
    await bodyHtml(100, "第100篇");
    expect(rendered.count).toBe(before + 1);
  });
});

describe("a work's body showing another work", () => {
  const row = (title: string) =>
    ({
      id: 9,
      type: 1,
      title,
      summary: "",
      text_head: "",
      user_nickname: "画友",
      audio: "",
      images: "[]",
      cover: "",
    }) as unknown as WorkRow;
  it("is drawn again only when the rows the listing cache holds are new and say something else", async () => {
    let rows = [row("海边")];
    const withBlocks = { ...deps, listings: { rows: async () => rows } } as unknown as Deps;
    const before = rendered.count;
    const first = (await bodyOf(withBlocks, 50, "/art/9")).html;
    expect(first).toContain("<strong>海边</strong>");
    await bodyOf(withBlocks, 50, "/art/9");
    // The cache was forgotten (a write somewhere) but the work reads the same: kept.
    rows = [row("海边")];
    await bodyOf(withBlocks, 50, "/art/9");
    expect(rendered.count - before).toBe(1);
    rows = [row("改名的海边")];
    expect((await bodyOf(withBlocks, 50, "/art/9")).html).toContain("<strong>改名的海边</strong>");
    expect(rendered.count - before).toBe(2);
  });
});
