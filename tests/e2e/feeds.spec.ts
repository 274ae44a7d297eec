import { expect, test } from "./fixtures.ts";

// A reader finds a list's feed on its page and follows it: the link opens the file itself, with JavaScript or without.
for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a node's 订阅 link opens its RSS feed, listing the node's works", async ({ page }) => {
      await page.goto("/arts");
      await page.getByRole("navigation", { name: "作品分类" }).getByRole("link").nth(4).click();
      await expect(page).toHaveURL(/\/arts\/node\/\d+$/);
      const node = await page.getByRole("heading", { level: 2 }).first().textContent();
      const firstWork = await page.getByTestId("work-card").locator("h3").first().textContent();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => /\/feeds\/node\/\d+\.rss$/.test(r.url())),
        page.getByRole("link", { name: "订阅" }).click(),
      ]);
      expect(answer.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
      const xml = await answer.text();
      expect(xml).toContain(`${node!.trim()} · `);
      expect(xml).toContain(firstWork!.trim());
    });
  });
}
