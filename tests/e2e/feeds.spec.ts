import { expect, test } from "./fixtures.ts";

// A reader finds a list's feed on its page and follows it: the link opens the file itself, with JavaScript or without.
for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a node's 订阅 link opens its RSS feed, listing the node's works", async ({ page }) => {
      await page.goto("/arts");
      const link = page.getByRole("navigation", { name: "作品分类" }).locator('a[href^="/arts/node/"]').first();
      const node = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(/\/arts\/node\/\d+$/);
      // With JavaScript the address changes before the page does: wait for the node's own heading.
      await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(node);
      const firstWork = await page.getByTestId("work-card").locator("h3").first().textContent();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => /\/feeds\/node\/\d+\.rss$/.test(r.url())),
        page.getByRole("link", { name: "订阅" }).click(),
      ]);
      expect(answer.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
      const xml = await answer.text();
      expect(xml).toContain(`${node} · `);
      expect(xml).toContain(firstWork!.trim());
    });
  });
}
