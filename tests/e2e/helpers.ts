import Database from "better-sqlite3";
import pg from "pg";
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { captchaKey, readCaptchaValue } from "../../api/lib/captcha-value.ts";
import { e2eDatabaseUrl, e2eRedisUrl, e2eServices, e2eStack, ownerLogin, serverLog } from "../../playwright.config.ts";

export { ownerLogin };

let pool: pg.Pool | null = null;
let redis: Redis | null = null;
/** A captcha's code, read where the site keeps it: Redis on the cluster, else its database on either engine. */
export async function captchaCode(id: string): Promise<string | undefined> {
  if (e2eStack === "cluster") {
    redis ??= new Redis(e2eRedisUrl, { maxRetriesPerRequest: 1 });
    // Under a key named by the site's database, which this helper need not know.
    const [key] = await redis.keys(captchaKey("*", id));
    return readCaptchaValue(key ? await redis.get(key) : null)?.code;
  }
  if (e2eDatabaseUrl.startsWith("postgres")) {
    pool ??= new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2, allowExitOnIdle: true });
    const { rows } = await pool.query<{ code: string }>("select code from captchas where id = $1", [id]);
    return rows[0]?.code;
  }
  const db = new Database(e2eDatabaseUrl.slice("sqlite:".length), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select code from captchas where id = ?").get(id) as { code: string } | undefined)?.code;
  } finally {
    db.close();
  }
}

/** Reads the code of the captcha on the page from the server's database, as only a person looking at it could. */
export async function solveCaptcha(page: Page) {
  const id = await page.locator('input[name="captchaId"]').inputValue();
  const code = await captchaCode(id);
  if (!code) throw new Error(`captcha ${id} not found`);
  await page.getByLabel("图形验证码").fill(code);
}

export function uniqueName(prefix = "u") {
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0");
  return `${prefix}${Date.now().toString(36)}${random}`;
}

export async function register(
  page: Page,
  username: string,
  password = "secret123",
  // Nicknames are unique: the whole name, not its last four characters (which collided between a run's sign-ups).
  nickname = `画友${username.slice(-18)}`,
) {
  await page.goto("/user/signin?tab=signup");
  await page.getByLabel("昵称").fill(nickname);
  await page.getByLabel("用户名", { exact: true }).fill(username);
  await page.getByLabel("邮箱").fill(`${username}@example.com`);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByLabel("确认密码").fill(password);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "注册" }).click();
  // Signed up once the page has left the form: moving on earlier could cancel the post (CI saw a search test
  // follow someone as a visitor); a refusal fails here, with the form's message.
  await page
    .waitForURL((url) => !url.pathname.startsWith("/user/signin"), { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`sign-up of ${username} failed: ${(await page.getByRole("alert").allTextContents()).join(" ")}`);
    });
  return nickname;
}

/** Publishes a short post in 插画 through the form and answers its id. */
export async function publishPost(page: Page, text: string) {
  await page.goto("/art/create");
  await page.getByRole("navigation", { name: "作品类型" }).getByRole("link", { name: /^动态/ }).click();
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return Number(page.url().split("/").pop());
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
  // Signed out once the post has been answered: the page is often at / already, so the address tells nothing, and
  // moving on at once could cancel the post (CI saw a sign-in page still signed in).
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/user/signout") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "退出登录" }).first().click();
  await answered;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel("用户菜单")).toHaveCount(0);
}

/** A mainland number no other test uses. */
export function uniquePhone() {
  return `13${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

/** The newest SMS code the site printed for a number (the console provider writes to the server's output). */
export async function smsCodeFor(phone: string, notBefore = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(serverLog, "utf8").split("\n").slice(notBefore);
        found = lines
          .map((l) => new RegExp(`^\\[短信\\] ${phone} 验证码 (\\d{6})`).exec(l)?.[1])
          .filter(Boolean)
          .at(-1);
        return found;
      },
      { timeout: 5000 },
    )
    .toBeTruthy();
  return found!;
}

/** How many lines the server has printed: codes after this point are new. */
export const serverLogLines = () => readFileSync(serverLog, "utf8").split("\n").length - 1;

/** The newest mail to an address (whose subject has `subject`), as the local SMTP server received it. */
export async function mailTo(to: string, subject = ""): Promise<{ subject: string; text: string; html: string }> {
  const res = await fetch(`http://127.0.0.1:${e2eServices.http}/mail?${new URLSearchParams({ to, subject })}`);
  if (!res.ok) throw new Error(`no mail to ${to}`);
  return res.json();
}

/** The link in a mail, as a path on this site. */
export const linkIn = (text: string) => {
  const url = new URL(/https?:\/\/\S+token=[\w-]+/.exec(text)![0]);
  return url.pathname + url.search;
};

/** Who the local GitHub (or WeChat) says signs in next; or that the next person declines. */
export async function nextGithubPerson(person: { id: string; name: string; login?: string }, provider = "github") {
  const body = JSON.stringify(person);
  await fetch(`http://127.0.0.1:${e2eServices.http}/${provider}/person`, { method: "POST", body });
}
export async function githubDeclinesNext(provider = "github") {
  await fetch(`http://127.0.0.1:${e2eServices.http}/${provider}/deny`, { method: "POST" });
}

/**
 * Waits until React has hydrated the element, so a click is the enhanced one: a click that lands before it is a
 * plain link or form, which the JavaScript-off tests cover.
 */
export async function untilHydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
  }, selector);
}

/** The uploader's posts (`/upload?field=image|audio`), matched by path: a glob of the whole URL misses the query. */
export const isUpload = (url: URL) => url.pathname === "/upload";
