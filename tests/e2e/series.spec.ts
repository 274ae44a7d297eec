import { expect, test, visitorHeaders } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { register, signOut, uniqueName } from "./helpers.ts";

async function publishPost(page: Page, content: string): Promise<string> {
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(content);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return new URL(page.url()).pathname;
}

async function newSeries(page: Page, title: string) {
  await page.goto("/");
  await page.getByLabel("用户菜单").click();
  await page.getByRole("link", { name: "个人中心" }).first().click();
  await page.getByRole("navigation", { name: "个人中心" }).getByRole("link", { name: "合集" }).click();
  await page.getByLabel("合集名称").fill(title);
  await page.getByLabel("合集简介").fill("一组连续的练习");
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/series\/\d+$/);
  return page.url();
}

async function addTo(page: Page, work: string, title: string) {
  await page.goto(work);
  await page.getByLabel("加入合集").selectOption({ label: title });
  await page.getByRole("button", { name: "加入", exact: true }).click();
  await expect(page.getByText("已加入合集")).toBeAttached();
}

for (const js of [false, true])
  test(`a series of three, in the author's order, with its place on each work, JavaScript ${js ? "on" : "off"}`, async ({
    browser,
  }) => {
    // Some thirty pages and posts: 27–34 s on CI's two cores while the other worker ran its own, past 45 s twice.
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    await register(page, uniqueName("s"));
    const tag = uniqueName("x");
    const works = [];
    for (const n of ["一", "二", "三"]) works.push(await publishPost(page, `四季之${n} ${tag}`));
    const title = `四季 ${tag}`.slice(0, 40);
    const seriesUrl = await newSeries(page, title);
    for (const w of works) await addTo(page, w, title);

    await page.goto(seriesUrl);
    const cards = page.getByTestId("series-works").getByTestId("work-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(`四季之一 ${tag}`);
    // The first moves down: 二, 一, 三.
    await page.getByRole("button", { name: `下移：四季之一 ${tag}` }).click();
    await expect(cards.first()).toContainText(`四季之二 ${tag}`);
    await expect(cards.nth(1)).toContainText(`四季之一 ${tag}`);

    // The first work now stands second: its neighbours are 二 and 三.
    await page.goto(works[0]);
    const nav = page.getByRole("navigation", { name: `合集 ${title}` });
    await expect(nav).toContainText("第 2 / 3 件");
    await nav.getByRole("link", { name: /下一件/ }).click();
    await expect(page).toHaveURL(new RegExp(`${works[2]}$`));
    await expect(page.getByRole("navigation", { name: `合集 ${title}` })).toContainText("已是最后一件");

    // Someone else sees the series but cannot change it, nor add their works to it.
    await signOut(page);
    await register(page, uniqueName("s"));
    await page.goto(seriesUrl);
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole("region", { name: "管理合集" })).toHaveCount(0);
    await page.goto(works[1]);
    await expect(page.getByLabel("加入合集")).toHaveCount(0);
    await context.close();
  });
