import { expect, test } from "./fixtures.ts";
import { type Page } from "@playwright/test";

const checked = (page: Page, id: string) => page.locator(`#${id}`).isChecked();

for (const js of [true, false]) {
  test.describe(`phone width, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });

    test("the sidebar opens at 220px and the overlay closes it", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("desktop-bar")).toBeHidden();
      const sidebar = page.getByTestId("mobile-sidebar");
      await page.getByRole("button", { name: "打开菜单" }).click();
      await expect(sidebar).toBeInViewport();
      expect((await sidebar.boundingBox())!.width).toBeCloseTo(220, 0);
      await expect(sidebar.getByRole("link", { name: "关于" })).toBeVisible();
      await expect(sidebar.getByRole("link", { name: "登录 / 注册" })).toBeVisible();
      await page.getByTestId("mobile-overlay").click({ position: { x: 350, y: 400 } });
      await expect(sidebar).not.toBeInViewport();
    });

    test("the node panel shows nodes three per row, and the sidebar closes it", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "作品 ▾" }).click();
      const panel = page.getByTestId("mobile-nodes");
      await expect(panel).toBeVisible();
      const boxes = await panel
        .getByRole("listitem")
        .evaluateAll((els) => els.slice(0, 4).map((e) => e.getBoundingClientRect().top));
      expect(boxes[0]).toBe(boxes[1]);
      expect(boxes[1]).toBe(boxes[2]);
      expect(boxes[3]).toBeGreaterThan(boxes[2]);
      await expect(panel.getByRole("link", { name: "新视野" })).toBeVisible();
      await page.getByRole("button", { name: "打开菜单" }).click();
      expect(await checked(page, "mp-sidebar")).toBe(true);
      await expect(panel).toBeHidden();
    });

    test("a link in the node panel leads to the node with the panel closed", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "作品 ▾" }).click();
      await page.getByTestId("mobile-nodes").getByRole("link", { name: "音乐" }).click();
      await expect(page).toHaveURL(/\/arts\/node\/\d+$/);
      await expect(page.getByTestId("mobile-nodes")).toBeHidden();
      const cards = page.getByTestId("work-card");
      // Two columns of cards on a phone: the first two side by side.
      const [a, b] = await cards.evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().toJSON()));
      expect(a.top).toBe(b.top);
      expect(b.left).toBeGreaterThan(a.right);
    });
  });
}

test("with less motion asked for, the phone's sidebar appears without sliding", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/");
  const sidebar = page.getByTestId("mobile-sidebar");
  expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("1e-05s");
  await page.getByRole("button", { name: "打开菜单" }).click();
  await expect(sidebar).toBeInViewport();
  await context.close();
});

test.describe("colour mode", () => {
  test("follows the system when nothing is chosen", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    await expect(page.locator("body")).toHaveCSS("color", "rgb(232, 230, 227)");
    await context.close();
  });

  for (const js of [true, false]) {
    test(`the toggle stores the choice with JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: "light", javaScriptEnabled: js });
      const page = await context.newPage();
      await page.goto("/art/2");
      await page.getByTestId("desktop-bar").getByRole("button", { name: "深色" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(page.locator("html")).toHaveCSS("background-color", "rgb(17, 18, 21)");
      await expect(page).toHaveURL(/\/art\/2$/);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.getByTestId("desktop-bar").getByRole("button", { name: "浅色" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await context.close();
    });
  }
});

test("a panel opened on a phone before the page's script has run stays open when it does", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "作品 ▾" }).click();
  await expect(page.getByTestId("mobile-nodes")).toBeVisible();
  release();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  await expect(page.getByTestId("mobile-nodes")).toBeVisible();
});

test.describe("a part of the script that fails to load", () => {
  // The service worker would serve the module from its cache, past the failure made here.
  test.use({ serviceWorkers: "block" });
  test("reloads the address the person was going to, at most once a minute", async ({ page }) => {
    await page.goto("/about");
    const module = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest.routes["routes/pages/about"].module,
    );
    // As after a deploy that replaced it, or a dropped connection: the about page's module cannot be had until the
    // page is loaded afresh.
    let failing = false;
    await page.route(
      (url) => url.pathname === module,
      (route) => (failing ? route.abort() : route.continue()),
    );
    const clickAboutFailing = async () => {
      failing = true;
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      page.once("domcontentloaded", () => (failing = false));
      await page.getByRole("contentinfo").getByRole("link", { name: "关于我们" }).click();
    };
    await clickAboutFailing();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("关于");
    // Within the minute: React Router's own reload of the page being left, and no second trip.
    await clickAboutFailing();
    await page.waitForLoadState("load");
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/$/);
  });
});
