import { expect, test } from "./fixtures.ts";
import { ownerLogin, register, signIn, signOut, solveCaptcha, uniqueName } from "./helpers.ts";

for (const js of [true, false]) {
  test.describe(`account journey, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("register, sign out, sign in again", { tag: "@cluster" }, async ({ page }) => {
      const username = uniqueName(js ? "js" : "nojs");
      const nickname = await register(page, username);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(`注册成功，欢迎你，${nickname}`)).toBeAttached();
      await expect(page.getByLabel("用户菜单")).toBeVisible();
      await signOut(page);
      await expect(page.getByRole("link", { name: "登录 / 注册" }).first()).toBeVisible();
      await signIn(page, username, "secret123");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByLabel("用户菜单")).toBeVisible();
      const cookies = await page.context().cookies();
      const token = cookies.find((c) => c.name === "token")!;
      expect(token).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(token.expires - Date.now() / 1000).toBeGreaterThan(29 * 86400);
    });

    test("errors appear beside their fields; what was typed stays, passwords do not", async ({ page }) => {
      await page.goto("/user/signin?tab=signup");
      await page.getByLabel("昵称").fill("小王");
      await page.getByLabel("用户名", { exact: true }).fill("wang" + Date.now().toString(36));
      await page.getByLabel("邮箱").fill("wang@example.com");
      await page.getByLabel("密码", { exact: true }).fill("secret123");
      await page.getByLabel("确认密码").fill("secret999");
      await solveCaptcha(page);
      await page.getByRole("button", { name: "注册" }).click();
      await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
      await expect(page.getByLabel("昵称")).toHaveValue("小王");
      await expect(page.getByLabel("邮箱")).toHaveValue("wang@example.com");
      await expect(page.getByLabel("密码", { exact: true })).toHaveValue("");

      await page.getByLabel("密码", { exact: true }).fill("secret123");
      await page.getByLabel("确认密码").fill("secret123");
      await page.getByLabel("图形验证码").fill("wrong");
      await page.getByRole("button", { name: "注册" }).click();
      await expect(page.getByText("验证码错误")).toBeVisible();
      // 换一张 brings a new captcha, and it is the one the next attempt uses.
      const spent = await page.locator('input[name="captchaId"]').inputValue();
      await page.getByRole("button", { name: "换一张" }).click();
      await expect(page.locator('input[name="captchaId"]')).not.toHaveValue(spent);
      await expect(page.getByLabel("昵称")).toHaveValue("小王");
    });

    test("sign-in returns to the page in ref", async ({ page }) => {
      await page.goto("/art/3");
      await page.getByRole("link", { name: "登录 / 注册" }).first().click();
      await expect(page).toHaveURL(/ref=%2Fart%2F3/);
      await page.getByLabel("用户名或邮箱").fill(ownerLogin.username);
      await page.getByLabel("密码", { exact: true }).fill("wrong-password");
      await solveCaptcha(page);
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page.getByText("密码错误")).toBeVisible();
      await expect(page.getByLabel("用户名或邮箱")).toHaveValue(ownerLogin.username);
      await page.getByLabel("密码", { exact: true }).fill(ownerLogin.password);
      await solveCaptcha(page);
      // Enter in the last field signs in (it does not ask for a new captcha).
      await page.getByLabel("图形验证码").press("Enter");
      await expect(page).toHaveURL(/\/art\/3$/);
    });
  });
}

test("the owner opens the admin home, sees the figures, and saves the settings on their page", async ({ page }) => {
  await signIn(page, ownerLogin.username, ownerLogin.password, "/user/signin?ref=/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "站点概览" })).toBeVisible();
  await expect(page.getByText("今日新增").first()).toBeVisible();
  await page.getByRole("navigation", { name: "后台导航" }).getByRole("link", { name: "站点设置" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.getByLabel("登录有效天数").fill("0");
  await page.getByRole("button", { name: "保存设置" }).click();
  await expect(page.getByText("登录有效天数需为1到365的整数").first()).toBeVisible();
  await page.getByLabel("登录有效天数").fill("30");
  await page.getByLabel("ICP备案号").fill("京ICP备00000000号");
  await page.getByLabel("第1个导航标题").fill("帮助");
  await page.getByLabel("第1个导航链接").fill("/about");
  await page.getByRole("button", { name: "保存设置" }).click();
  await expect(page.getByText("设置已保存")).toBeAttached();
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText("京ICP备00000000号");
});

test("a member who is not staff gets 403 in the admin area", async ({ page }) => {
  await register(page, uniqueName("member"));
  await expect(page).toHaveURL(/\/$/);
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(403);
});
