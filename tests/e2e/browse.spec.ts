import { expect, test } from "./fixtures.ts";
import { untilHydrated } from "./helpers.ts";

test.describe("browsing as a visitor", () => {
  test("home shows recommended Chinese works; a card opens the work", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    // The site's name and what it is, from its description (设置 in /admin).
    await expect(page).toHaveTitle(
      "艺社 · 艺社是一个中文艺术与创作社区：插画、摄影、设计、音乐、文章与项目，在这里被看见",
    );
    const cards = page.getByTestId("work-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    await expect(page.getByRole("contentinfo")).toContainText("本站生成内容基于已备案的国产AI大模型");
    const title = (await cards.first().getByRole("heading").textContent())!.trim();
    // Cards link with plain anchors; with JavaScript the click is still a client-side navigation (no new document).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // A picture's card links its title; a text card's face is its link, named by the title.
    await cards.first().getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await expect(page.getByTestId("work-detail")).toContainText(title.replace(/…$/, "").slice(0, 10));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // So is the author card's link to their centre, and the way back.
    await page.getByTestId("author-card").locator('a[href^="/user/"]').nth(1).click();
    await expect(page).toHaveURL(/\/user\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("a card past the first four, whose markup the server kept, hydrates like the rest", async ({ page }) => {
    await page.goto("/");
    const card = page.getByTestId("work-card").nth(9);
    await expect(card).toBeVisible();
    // React owns the kept card's own nodes once the page has hydrated.
    await untilHydrated(page, '[data-testid=work-feed] > article:nth-of-type(10) a[href^="/art/"]');
    const title = (await card.getByRole("heading").textContent())!.trim();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await card.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByTestId("work-detail")).toContainText(title.replace(/…$/, "").slice(0, 10));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("loads more works on the same page", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("work-card");
    const before = await cards.count();
    // Before hydration the link goes to the next page, which also holds 24 cards.
    await untilHydrated(page, "a[aria-busy]");
    // The next page's data is awaited itself: on a busy CI machine it has taken longer than the poll's own wait.
    const answer = page.waitForResponse((r) => r.url().includes("cursor="), { timeout: 20_000 });
    await page.getByRole("link", { name: "加载更多" }).click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(page).toHaveURL(/\/$/);
  });

  test("the discover menu lists every node and opens its works", async ({ page }) => {
    await page.goto("/");
    await page.getByText("发现 ▾").click();
    const menu = page.getByRole("navigation", { name: "主导航" });
    await expect(menu.getByRole("link", { name: "摄影" })).toBeVisible();
    expect(await menu.locator('a[href^="/arts/node/"]').count()).toBeGreaterThanOrEqual(8);
    await menu.getByRole("link", { name: "摄影" }).click();
    await expect(page).toHaveURL(/\/arts\/node\/\d+$/);
    await expect(page.getByRole("heading", { name: "摄影", level: 2, exact: true })).toBeVisible();
    await expect(page.getByTestId("work-card").first()).toContainText("摄影");
  });

  test("an unknown path shows the home page, with 404", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("work-card").first()).toBeVisible();
  });

  test("a missing work shows the 404 page with the red description and a report link", async ({ page }) => {
    const res = await page.goto("/art/99999999");
    expect(res?.status()).toBe(404);
    const error = page.getByTestId("error-page");
    await expect(error.getByRole("heading")).toHaveText("作品不存在或已删除");
    await expect(error.getByRole("heading")).toHaveCSS("color", "rgb(196, 32, 32)");
    await expect(error.getByRole("link", { name: "报告问题" })).toBeVisible();
  });

  test("the admin area answers 403 forbidden to a visitor", async ({ page }) => {
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    // A signed-out visitor is told why, with the way to sign in and come back.
    await expect(page.getByTestId("error-page")).toContainText("管理后台需要登录后访问");
    await expect(page.getByRole("link", { name: "登录后继续" })).toHaveAttribute(
      "href",
      /^\/user\/signin\?ref=%2Fadmin/,
    );
    const deeper = await page.goto("/admin/anything/else");
    expect(deeper?.status()).toBe(403);
  });

  test("the following feed sends a visitor to sign in with the way back", async ({ page }) => {
    await page.goto("/follow");
    await expect(page).toHaveURL(/\/user\/signin\?ref=%2Ffollow$/);
    // The toast fades after 800 ms (requirements §9); it is there whether or not the page took longer than that to load.
    await expect(page.locator(".toast[role=alert]")).toHaveText("请先登录");
  });

  test("search finds works by keyword", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "搜索作品" });
    await box.fill("胶片");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=%E8%83%B6%E7%89%87/);
    await expect(page.getByTestId("search-results").getByTestId("search-hit").first()).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home, a work and a node page all render on the server", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("work-card").first()).toBeVisible();
    await page.getByTestId("work-card").first().locator('a[href^="/art/"]').last().click();
    await expect(page.getByTestId("work-detail")).toBeVisible();
    await page.getByText("发现 ▾").click();
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "插画" }).click();
    await expect(page.getByRole("heading", { name: "插画", level: 2, exact: true })).toBeVisible();
  });

  test("加载更多 is a link to the next page", async ({ page }) => {
    await page.goto("/");
    const first = await page.getByTestId("work-card").first().getByRole("heading").textContent();
    await page.getByRole("link", { name: "加载更多" }).click();
    await expect(page).toHaveURL(/\?cursor=/);
    await expect(page.getByTestId("work-card").first()).toBeVisible();
    expect(await page.getByTestId("work-card").first().getByRole("heading").textContent()).not.toBe(first);
  });

  test("the search box submits as a plain form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "搜索作品" }).fill("陶艺");
    await page.getByRole("combobox", { name: "搜索作品" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("陶艺");
  });
});

test("pages hydrate without a console error: home, a work, a node", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text().slice(0, 300));
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  const card = page.locator(".work-card a[href^='/art/']").first();
  await expect(card).toBeVisible();
  await page.waitForLoadState("networkidle");
  await card.click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  await page.goto("/arts/node/1");
  await expect(page.locator(".work-card").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("a page's scripts wait for its stylesheet and lead picture, then it hydrates", async ({ page }) => {
  await page.goto("/");
  await untilHydrated(page, ".work-card a[href^='/art/']");
  const started = await page.evaluate(() => {
    const loads = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = loads.filter((r) => /\/assets\/.*\.js$/.test(r.name));
    const lead = document.querySelector<HTMLImageElement>("img[fetchpriority=high]")!.currentSrc;
    return {
      scripts: Math.min(...scripts.map((r) => r.startTime)),
      stylesheetDone: loads.find((r) => /\/assets\/.*\.css$/.test(r.name))!.responseEnd,
      lead: loads.find((r) => r.name === lead)!.startTime,
      modules: document.querySelectorAll('script[type="module"]').length,
    };
  });
  // React Router would ask for every module beside the stylesheet; held, they start with the first frame.
  expect(started.scripts).toBeGreaterThanOrEqual(started.stylesheetDone);
  expect(started.scripts).toBeGreaterThan(started.lead);
  expect(started.modules).toBe(1);
});
