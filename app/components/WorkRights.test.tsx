// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import type { RightsView } from "../../contract/works/views.ts";
import { RightsBadges, WorkRights } from "./WorkRights.tsx";

afterEach(cleanup);

const own: RightsView = {
  license: "cc-by-nc",
  source: null,
  ai: 0,
  aiFloor: 0,
  noai: true,
  offerOriginal: true,
  watermark: null,
};

it("names the licence with a link to its text, and says when AI may not use the work", () => {
  render(<WorkRights rights={own} />);
  const link = screen.getByRole("link", { name: "CC BY-NC 4.0" });
  expect(link.getAttribute("href")).toBe("https://creativecommons.org/licenses/by-nc/4.0/deed.zh-hans");
  expect(link.getAttribute("rel")).toBe("license");
  expect(screen.getByTestId("work-rights").textContent).toContain("作者不允许 AI 使用本作品");
  expect(screen.getByTestId("work-rights").textContent).not.toContain("水印");
});

it("says the pictures carry the author's watermark when they do", () => {
  render(<WorkRights rights={{ ...own, watermark: { corner: "se", opacity: 50 } }} />);
  expect(screen.getByTestId("work-rights").textContent).toContain("图片带有作者水印");
});

it("names a repost's source through the leaving page, its author as text however hostile", () => {
  const hostile = `<img src=x onerror=alert(1)>`;
  render(
    <WorkRights rights={{ ...own, noai: false, source: { url: "https://example.com/a?b=1", author: hostile } }} />,
  );
  const link = screen.getByRole("link", { name: hostile });
  expect(link.getAttribute("href")).toBe(`/redirect?url=${encodeURIComponent("https://example.com/a?b=1")}`);
  expect(screen.getByTestId("work-rights").textContent).not.toContain("许可协议");
  expect(screen.getByTestId("work-rights").textContent).not.toContain("AI 使用");
  expect(document.querySelector("img[src=x]")).toBeNull();
});

it("badges AI 辅助, AI 生成 and 转载, and nothing for a work made without AI", () => {
  const { container, rerender } = render(<RightsBadges work={{}} />);
  expect(container.textContent).toBe("");
  rerender(<RightsBadges work={{ ai: 1 }} />);
  expect(screen.getByTestId("ai-badge").textContent).toBe("AI 辅助");
  rerender(<RightsBadges work={{ ai: 2, repost: true }} />);
  expect(container.textContent).toBe("AI 生成转载");
});

it("badges a work the site verified original, saying what that means", () => {
  render(<RightsBadges work={{ original: true }} />);
  const badge = screen.getByTestId("original-badge");
  expect(badge.textContent).toBe("原创");
  expect(badge.getAttribute("title")).toBe("原创认证：图片与站内其他成员更早发布的作品都不相同");
});
