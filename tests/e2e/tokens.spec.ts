import { expect, test } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

// A member makes a key for their bot in 访问令牌, copies it the one time it is shown, uses it, and revokes it.
for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a token is made with its scopes, shown once, works as a Bearer, and ends with 撤销", async ({ page }) => {
      await register(page, uniqueName("k"));
      await page.goto("/user/profile/account");
      await page.getByRole("link", { name: "访问令牌" }).click();
      await expect(page).toHaveURL(/\/user\/profile\/tokens$/);
      await expect(page.getByText("还没有访问令牌。")).toBeVisible();

      // Without a scope it says why, and keeps the name.
      await page.getByLabel("令牌名称").fill("相册备份");
      await page.getByLabel("读取", { exact: true }).uncheck();
      await page.getByRole("button", { name: "创建令牌" }).click();
      await expect(page.getByText("请至少选择一项权限")).toBeVisible();
      await expect(page.getByLabel("令牌名称")).toHaveValue("相册备份");

      await page.getByLabel("读取", { exact: true }).check();
      await page.getByLabel("评论与互动", { exact: true }).check();
      await page.getByRole("button", { name: "创建令牌" }).click();
      await expect(page.getByText("新令牌「相册备份」已创建")).toBeVisible();
      const secret = await page.getByLabel("新令牌", { exact: true }).inputValue();
      expect(secret).toMatch(/^yst_/);
      const me = await page.request.get("/api/user/current", { headers: { Authorization: `Bearer ${secret}` } });
      expect((await me.json()).data.username).toMatch(/^k/);

      // Listed with what it may do; its secret never shown again.
      await page.goto("/user/profile/tokens");
      const row = page.getByTestId("token-list").getByRole("listitem").filter({ hasText: "相册备份" });
      await expect(row).toContainText("读取、评论与互动");
      await expect(page.getByText(secret)).toHaveCount(0);

      await row.getByRole("button", { name: "撤销 相册备份" }).click();
      await expect(page.getByText("还没有访问令牌。")).toBeVisible();
      const after = await page.request.get("/api/user/current", { headers: { Authorization: `Bearer ${secret}` } });
      expect(after.status()).toBe(401);
    });
  });
}
