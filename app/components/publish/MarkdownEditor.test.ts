import { describe, expect, it } from "vitest";
import { withPicture } from "./MarkdownEditor.tsx";

describe("a picture put into Markdown", () => {
  it("stands as a paragraph of its own at the cursor, the cursor after it", () => {
    expect(withPicture("第一段\n\n第二段", 3, "/uploads/a.webp", "草图")).toEqual({
      text: "第一段\n\n![草图](/uploads/a.webp)\n\n第二段",
      caret: 3 + "\n\n![草图](/uploads/a.webp)\n\n".length,
    });
    expect(withPicture("一句话", 3, "/uploads/b.png", "b").text).toBe("一句话\n\n![b](/uploads/b.png)\n\n");
    expect(withPicture("", 0, "/uploads/c.png", "c").text).toBe("![c](/uploads/c.png)\n\n");
  });

  it("keeps a file name from breaking out of the alt text", () => {
    expect(withPicture("", 0, "/uploads/d.png", "a](javascript:x)[\nb").text).toBe(
      "![a(javascript:x)b](/uploads/d.png)\n\n",
    );
  });
});

describe("the tag being typed", () => {
  it("is what follows the last space or comma", async () => {
    const { lastTag } = await import("./TagsField.tsx");
    expect(lastTag("水彩 插")).toEqual({ start: 3, word: "插" });
    expect(lastTag("水彩，风景、夜")).toEqual({ start: 6, word: "夜" });
    expect(lastTag("水彩 ")).toEqual({ start: 3, word: "" });
    expect(lastTag("")).toEqual({ start: 0, word: "" });
  });
});
