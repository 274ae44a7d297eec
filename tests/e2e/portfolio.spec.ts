import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, signOut, uniqueName } from "./helpers.ts";

for (const js of [false, true])
  test(`a profile as a portfolio: 可接稿 with links, a pinned work on top, and 约稿 for others, JavaScript ${js ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    await register(page, uniqueName("p"));
    const tag = uniqueName("t");
    const published: string[] = [];
    for (const n of ["旧作", "新作"]) {
      await page.goto("/art/create?type=post");
      await page.getByLabel("节点").selectOption({ label: "插画" });
      await page.getByLabel("内容").fill(`${n} ${tag}`);
      await page.getByRole("button", { name: "发布" }).click();
      await expect(page).toHaveURL(/\/art\/\d+$/);
      published.push(page.url());
    }
    // Its own address: other tests publish at the same time, so the id before the newer one may be theirs.
    const older = published[0];
    // Pin the older work: it heads the centre above the newer one.
    await page.goto(older);
    await page.getByRole("button", { name: "置顶到主页" }).click();
    await expect(page.getByText("已置顶到个人主页")).toBeAttached();
    await expect(page.getByRole("button", { name: "取消置顶" })).toBeVisible();

    await page.goto("/user/profile");
    await page.getByLabel("城市").fill("杭州");
    await page.getByLabel("职业").fill("插画师");
    await page.getByLabel("接稿状态").selectOption({ label: "可接稿" });
    await page.getByLabel("接稿说明").fill("接头像和封面");
    await page.getByLabel("微博").fill("https://weibo.com.evil.example/me");
    await page.getByRole("button", { name: "保存作品集" }).click();
    await expect(page.getByText("微博链接需是 weibo.com 的地址")).toBeVisible();
    await expect(page.getByLabel("城市")).toHaveValue("杭州");
    await page.getByLabel("微博").fill("https://weibo.com/u/42");
    await page.getByRole("button", { name: "保存作品集" }).click();
    await expect(page.getByText("作品集已保存")).toBeAttached();

    await page.getByLabel("用户菜单").click();
    await page.getByRole("link", { name: "个人中心" }).first().click();
    await expect(page).toHaveURL(/\/user\/\d+$/);
    const centre = page.url();
    const line = page.getByTestId("portfolio");
    await expect(line).toContainText("杭州 · 插画师");
    await expect(line).toContainText("可接稿");
    await expect(line.getByRole("link", { name: "微博" })).toHaveAttribute("href", /\/redirect\?url=/);
    await expect(line.getByRole("link", { name: "约稿" })).toHaveCount(0);
    await expect(page.getByTestId("pinned-works").getByTestId("work-card")).toContainText(`旧作 ${tag}`);

    await signOut(page);
    await register(page, uniqueName("p"));
    await page.goto(centre);
    await page.getByTestId("portfolio").getByRole("link", { name: "约稿" }).click();
    await expect(page).toHaveURL(/\/commissions\/new\?to=\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("约稿");
    await expect(page.getByLabel("需求说明")).toBeVisible();
    await context.close();
  });
