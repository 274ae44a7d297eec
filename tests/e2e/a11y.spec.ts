import { request as requestContext, type Browser, type Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { captchaCode, ownerLogin, uniqueName } from "./helpers.ts";
import { audit, blocking, modes, pageTypes, signIn, type Finding, type PageType, type Who } from "./support/a11y.ts";

// Every page type at a desktop and a phone width, light and dark (support/a11y.ts), with axe-core's full rule set:
// a critical, serious or moderate finding fails. Spread over both workers.
test.describe.configure({ mode: "parallel", timeout: 240_000 });

let prepared: ReturnType<typeof prepare> | null = null;
/** Once a worker: two members with a work, a series, a folder and a conversation, and the owner signed in. */
function prepare(baseURL: string) {
  return (async () => {
    const request = await requestContext.newContext({ baseURL, extraHTTPHeaders: visitorHeaders() });
    const api = {
      request,
      solve: async (id: string) => (await captchaCode(id)) ?? "",
    };
    const owner = await signIn(api, ownerLogin.username, ownerLogin.password);
    return pageTypes(api, { member: uniqueName("a"), other: uniqueName("b") }, owner);
  })();
}

async function pageAs(browser: Browser, baseURL: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  if (token) await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  return context.newPage();
}

const report = (name: string, path: string, findings: Finding[]) =>
  findings
    .filter(blocking)
    .map((f) => `${name} ${path} [${f.mode}] ${f.impact} ${f.rule}: ${f.targets[0]} — ${f.detail}`);

async function auditAll(browser: Browser, baseURL: string, who: Who, pick: (list: PageType[]) => PageType[]) {
  prepared ??= prepare(baseURL);
  const { list, tokens } = await prepared;
  const page = await pageAs(browser, baseURL, who === "visitor" ? undefined : tokens[who]);
  const problems: string[] = [];
  const pages = pick(list.filter((p) => p.who === who));
  expect(pages.length).toBeGreaterThan(10);
  for (const { name, path } of pages) {
    await page.goto(path);
    problems.push(...report(name, path, await audit(page)));
  }
  await page.context().close();
  expect(problems).toEqual([]);
}

test("pages a visitor sees, first half", async ({ browser, baseURL }) => {
  await auditAll(browser, baseURL!, "visitor", (l) => l.slice(0, Math.ceil(l.length / 2)));
});

test("pages a visitor sees, second half", async ({ browser, baseURL }) => {
  await auditAll(browser, baseURL!, "visitor", (l) => l.slice(Math.ceil(l.length / 2)));
});

test("a member's own pages", async ({ browser, baseURL }) => {
  await auditAll(browser, baseURL!, "member", (l) => l);
});

test("every section of /admin", async ({ browser, baseURL }) => {
  await auditAll(browser, baseURL!, "owner", (l) => l);
});

test("menus, panels and the picture viewer, open", async ({ browser, baseURL }) => {
  prepared ??= prepare(baseURL!);
  const { list, tokens } = await prepared;
  const page = await pageAs(browser, baseURL!, tokens.member);
  const picture = list.find((p) => p.name === "图片作品")!.path;
  const problems: string[] = [];
  // Each in the two themes at the width it opens at.
  const check = async (name: string, phone = false) =>
    problems.push(
      ...report(
        name,
        page.url(),
        await audit(
          page,
          modes.filter((m) => m.width < 500 === phone),
        ),
      ),
    );

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  await page.getByLabel("用户菜单").click();
  await expect(page.getByRole("link", { name: "个人中心" }).first()).toBeVisible();
  await check("用户菜单");
  await page.goto(picture);
  await expect(page.getByTestId("gallery")).toHaveAttribute("data-gallery-ready", "true");
  await page.getByTestId("gallery").getByRole("img").first().click();
  await expect(page.locator(".lg-container.lg-show .lg-outer").getByRole("button", { name: "关闭" })).toBeVisible();
  await check("看图");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "打开菜单" }).click();
  await expect(page.getByTestId("mobile-sidebar")).toBeInViewport();
  await check("手机 侧边栏", true);
  await page.goto("/");
  await page.getByRole("button", { name: "作品 ▾" }).click();
  await expect(page.getByTestId("mobile-nodes")).toBeVisible();
  await check("手机 节点面板", true);
  await page.context().close();
  expect(problems).toEqual([]);
});
