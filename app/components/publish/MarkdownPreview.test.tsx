// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkdownEditor } from "./MarkdownEditor.tsx";

afterEach(cleanup);

const preview = async (blocks: boolean) => {
  const text = "作品集在这里：\n\nhttps://folio.example/me\n\n/art/12";
  const { container } = render(
    <MarkdownEditor name="content" label="正文" defaultValue={text} maxLength={1000} blocks={blocks} />,
  );
  fireEvent.click(await screen.findByRole("tab", { name: "预览" }));
  await waitFor(() => expect(container.querySelector(".prose-work p")).not.toBeNull());
  return container.querySelector(".prose-work")!;
};

describe("the Markdown editor's preview", () => {
  it("shows a work's text with a link on a line of its own as the card it will be", async () => {
    const shown = await preview(true);
    const card = shown.querySelector("a.embed-link")!;
    expect(card.querySelector(".embed-host")?.textContent).toBe("folio.example");
    expect(card.getAttribute("href")).toBe("/redirect?url=https%3A%2F%2Ffolio.example%2Fme");
    // A work of this site is looked up when the text is published; the preview leaves its path as written.
    expect(shown.textContent).toContain("/art/12");
    expect(screen.getByText(/一行只放一个链接会显示成卡片/)).toBeTruthy();
  });

  it("leaves links as links in a text that has no blocks (the site's own pages)", async () => {
    const shown = await preview(false);
    expect(shown.querySelector(".embed")).toBeNull();
    expect(shown.querySelector('a[href="/redirect?url=https%3A%2F%2Ffolio.example%2Fme"]')).not.toBeNull();
    expect(screen.queryByText(/一行只放一个链接会显示成卡片/)).toBeNull();
  });
});
