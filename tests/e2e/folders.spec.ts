import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

for (const js of [false, true])
  test(`favorite folders: a new one takes the work and favorites it; out and back in; its page lists it, JavaScript ${js ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    await register(page, uniqueName("f"));
    // A work of one's own, so no other test's likes or deletions touch it.
    await page.goto("/art/create?type=post");
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("内容").fill(`收藏夹里的画 ${uniqueName("w")}`);
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    const work = page.url();
    const favorite = page.getByRole("button", { name: /收藏/ }).first();
    const before = Number((await favorite.textContent())?.match(/\d+/)?.[0] ?? 0);
    const name = `灵感${uniqueName("").slice(-4)}`;
    await page.getByText("收藏夹 ▾").click();
    const picker = page.getByTestId("folder-picker");
    await picker.getByLabel("新建收藏夹并放入").fill(name);
    await picker.getByRole("button", { name: "新建" }).click();
    await expect(page.getByText("已新建收藏夹并放入")).toBeAttached();
    await page.goto(work);
    await expect(page.getByRole("button", { name: /收藏/ }).first()).toContainText(String(before + 1));
    await page.getByText("收藏夹 ▾").click();
    const entry = page.getByTestId("folder-picker").getByRole("button", { name: new RegExp(name) });
    await expect(entry).toHaveAttribute("aria-pressed", "true");
    await entry.click();
    await expect(page.getByText("已移出收藏夹")).toBeAttached();
    await page.goto(work);
    await page.getByText("收藏夹 ▾").click();
    await expect(page.getByTestId("folder-picker").getByRole("button", { name: new RegExp(name) })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page
      .getByTestId("folder-picker")
      .getByRole("button", { name: new RegExp(name) })
      .click();
    await expect(page.getByText("已放入收藏夹")).toBeAttached();

    await page.goto("/");
    await page.getByLabel("用户菜单").click();
    await page.getByRole("link", { name: "个人中心" }).first().click();
    await expect(page).toHaveURL(/\/user\/\d+$/);
    await page.getByRole("navigation", { name: "个人中心" }).getByRole("link", { name: "收藏" }).click();
    await page
      .getByTestId("folders")
      .getByRole("link", { name: new RegExp(name) })
      .click();
    await expect(page).toHaveURL(/\/favorites\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByTestId("work-card")).toHaveCount(1);
    await context.close();
  });
