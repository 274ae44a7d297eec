import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { e2eDataDir, ownerLogin } from "../../playwright.config.ts";

export { ownerLogin };

/** Reads the code of the captcha on the page from the server's database, as only a person looking at it could. */
export async function solveCaptcha(page: Page) {
  const id = await page.locator('input[name="captchaId"]').inputValue();
  const db = new Database(path.join(e2eDataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select code from captchas where id = ?").get(id) as { code: string } | undefined;
    if (!row) throw new Error(`captcha ${id} not found`);
    await page.getByLabel("验证码", { exact: true }).fill(row.code);
  } finally {
    db.close();
  }
}

export function uniqueName(prefix = "u") {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function register(
  page: Page,
  username: string,
  password = "secret123",
  nickname = `画友${username.slice(-4)}`,
) {
  await page.goto("/user/signin?tab=signup");
  await page.getByLabel("昵称").fill(nickname);
  await page.getByLabel("用户名", { exact: true }).fill(username);
  await page.getByLabel("邮箱").fill(`${username}@example.com`);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByLabel("确认密码").fill(password);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "注册" }).click();
  return nickname;
}

export async function signIn(page: Page, username: string, password: string, path = "/user/signin") {
  await page.goto(path);
  await page.getByLabel("用户名或邮箱").fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

export async function signOut(page: Page, mobile = false) {
  if (!mobile) await page.getByLabel("用户菜单").click();
  await page.getByRole("button", { name: "退出登录" }).first().click();
  await expect(page).toHaveURL(/\/$/);
}
