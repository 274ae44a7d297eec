import { expect, test } from "./fixtures.ts";

// A developer finds the reference from the footer, opens one endpoint to read its fields and example, and follows
// the link to the machine-readable document: with JavaScript or without.
for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the footer's 开发者 leads to a reference whose endpoints open to their fields", async ({ page }) => {
      await page.goto("/about");
      await page.getByRole("navigation", { name: "页脚" }).getByRole("link", { name: "开发者" }).click();
      await expect(page).toHaveURL(/\/developers$/);
      await expect(page.getByRole("heading", { level: 1, name: "开发者接口" })).toBeVisible();
      const like = page.locator('details[id="works.like"]');
      await expect(like.getByText("喜欢作品", { exact: true })).toBeVisible();
      await expect(like.getByLabel("curl 示例")).toBeHidden();
      await like.locator("summary").click();
      await expect(like.getByLabel("curl 示例")).toContainText("/api/art/like/1");
      await expect(like.getByRole("cell", { name: "路径" })).toBeVisible();
      const [doc] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/openapi.json")),
        page.getByRole("link", { name: "/api/openapi.json" }).click(),
      ]);
      expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
    });
  });
}
