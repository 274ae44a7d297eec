import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";
import { drawing } from "../../api/test/drawing.ts";

/** 约稿 and 打赏 (issue 59 part 4), with and without JavaScript. */
test.describe.configure({ timeout: 150_000 });

const dir = path.join(os.tmpdir(), "yishe-e2e-commissions");
const picture = path.join(dir, "delivery.png");
test.beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(picture, await drawing(Date.now() % 100_000));
});

async function person(browser: Browser, javaScriptEnabled: boolean, prefix: string) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  const nickname = await register(page, uniqueName(prefix));
  const href = await page.locator('a:text-is("个人中心")').first().getAttribute("href");
  return { page, nickname, id: Number(href?.split("/").pop()) };
}

const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });

for (const js of [true, false])
  test(`a client commissions a creator; it is accepted, delivered privately, revised and completed (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const creator = await person(browser, js, "c");
    await creator.page.goto("/user/profile");
    await creator.page.getByLabel("接稿状态").selectOption({ label: "可接稿" });
    await creator.page.getByRole("button", { name: "保存作品集" }).click();
    await expect(toast(creator.page, "作品集已保存")).toBeAttached();

    const client = await person(browser, js, "k");
    await client.page.goto(`/user/${creator.id}`);
    await client.page.getByTestId("portfolio").getByRole("link", { name: "约稿" }).click();
    await client.page.getByLabel("约稿标题").fill("头像<b>约稿</b>");
    await client.page.getByLabel("需求说明").fill("Q版头像一张，暖色调");
    await client.page.getByLabel("预算（元）").fill("300–500元");
    await client.page.getByLabel("参考").fill("javascript:alert(1)");
    await client.page.getByRole("button", { name: "发出约稿" }).click();
    // Refused with the field's message, what was typed kept.
    await expect(client.page.locator("#f-refs-error")).toContainText("参考请填写以 http");
    await expect(client.page.getByLabel("需求说明")).toHaveValue("Q版头像一张，暖色调");
    await client.page.getByLabel("参考").fill("https://example.com/style.png");
    await client.page.getByRole("button", { name: "发出约稿" }).click();
    await expect(client.page).toHaveURL(/\/commissions\/\d+$/);
    const address = client.page.url();
    await expect(client.page.getByRole("heading", { level: 1 })).toHaveText("头像<b>约稿</b>");
    await expect(client.page.getByTestId("commission-state")).toHaveText("待回复");

    // The creator is told, and opens it from the notice.
    await creator.page.goto("/user/messages");
    await creator.page
      .getByRole("main")
      .getByRole("link", { name: /向你约稿《头像<b>约稿<\/b>》/ })
      .click();
    await expect(creator.page).toHaveURL(address);
    await creator.page.getByRole("button", { name: "接受约稿" }).click();
    await expect(toast(creator.page, "已接受约稿")).toBeAttached();
    await creator.page.getByRole("button", { name: "开始创作" }).click();
    // The step answered first: a message typed while it is on its way is lost with the page it redraws.
    await expect(toast(creator.page, "已开始创作")).toBeAttached();
    await creator.page.getByLabel("留言").fill("好的，三天内给你初稿");
    await creator.page.getByRole("button", { name: "发送" }).click();
    await expect(creator.page.getByTestId("commission-thread")).toContainText("好的，三天内给你初稿");
    await creator.page.getByLabel("交付的图片").setInputFiles([picture]);
    await creator.page.getByRole("button", { name: "交付", exact: true }).click();
    await expect(toast(creator.page, "已交付")).toBeAttached();
    await expect(creator.page.getByTestId("delivery").locator("img")).toHaveCount(1);

    // The client sees the picture; anyone else, and its public address, find nothing.
    await client.page.goto(address);
    await expect(client.page.getByTestId("commission-state")).toHaveText("已交付");
    const img = client.page.getByTestId("delivery").locator("img");
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const fileUrl = await img.getAttribute("src");
    expect((await client.page.request.get(fileUrl!)).status()).toBe(200);
    const stranger = await browser.newPage({ extraHTTPHeaders: visitorHeaders() });
    expect((await stranger.request.get(fileUrl!)).status()).toBe(404);
    expect((await stranger.goto(address))?.url()).toMatch(/\/user\/signin/);
    await stranger.close();

    await client.page.getByRole("button", { name: "需要修改" }).click();
    await expect(client.page.getByTestId("commission-state")).toHaveText("进行中");
    await creator.page.goto(address);
    await creator.page.getByLabel("交付的图片").setInputFiles([picture]);
    await creator.page.getByRole("button", { name: "交付", exact: true }).click();
    await expect(creator.page.getByTestId("commission-state")).toHaveText("已交付");
    await client.page.goto(address);
    await client.page.getByRole("button", { name: "确认完成" }).click();
    await expect(client.page.getByTestId("commission-state")).toHaveText("已完成");
    await expect(client.page.getByRole("button", { name: "取消约稿" })).toHaveCount(0);
    await client.page.goto("/commissions?role=sent");
    await expect(client.page.getByTestId("commission-list")).toContainText("头像<b>约稿</b>");
    await creator.page.goto("/commissions");
    await expect(creator.page.getByTestId("commission-list").getByTestId("commission-state").first()).toHaveText(
      "已完成",
    );
  });

for (const js of [true, false])
  test(`a member tips a work's author; the work shows it and the author is told (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const author = await person(browser, true, "a");
    await author.page.goto("/art/create?type=post");
    await author.page.getByLabel("节点").selectOption({ label: "插画" });
    await author.page.getByLabel("内容").fill(`求打赏${uniqueName("w")}`);
    await author.page.getByRole("button", { name: "发布" }).click();
    await expect(author.page).toHaveURL(/\/art\/\d+$/);
    const work = author.page.url();
    // The author's own work has no 打赏 to give.
    await expect(author.page.getByTestId("tip-box")).toHaveCount(0);

    const fan = await person(browser, js, "f");
    // A new member's points: publishing pays them, enough for a tip of five.
    await fan.page.goto("/art/create?type=post");
    await fan.page.getByLabel("节点").selectOption({ label: "插画" });
    await fan.page.getByLabel("内容").fill(`我的第一幅画${uniqueName("w")}`);
    await fan.page.getByRole("button", { name: "发布" }).click();
    await expect(fan.page).toHaveURL(/\/art\/\d+$/);
    await fan.page.goto(work);
    await fan.page.getByTestId("tip-box").locator("summary").click();
    await fan.page.getByTestId("tip-box").getByRole("button", { name: "5", exact: true }).click();
    await expect(toast(fan.page, "打赏成功")).toBeAttached();
    await expect(fan.page.getByTestId("tips")).toHaveText("1 次打赏 · 5 积分");
    // More than they have is refused, and changes nothing.
    await expect(fan.page.getByTestId("tip-box").locator('button[value="50"]')).toBeDisabled();

    await author.page.goto("/user/messages");
    await expect(author.page.getByRole("main").getByText(/打赏了你的作品《.*》 5 积分/)).toBeVisible();
  });
