import { expect, test, visitorHeaders } from "./fixtures.ts";
import { type Browser, type Page } from "@playwright/test";
import { ownerLogin, publishPost, register, signIn, uniqueName } from "./helpers.ts";

// Each journey signs up two or three people in browsers of their own: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });
const bar = (page: Page) => page.getByTestId("desktop-bar");

/** A new member in a browser of their own; answers the page, their id (from the user menu) and their nickname. */
async function person(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  const nickname = await register(page, uniqueName("m"));
  await expect(page).toHaveURL(/\/$/);
  const href = await page.locator('a:text-is("个人中心")').first().getAttribute("href");
  return { page, nickname, id: Number(href?.split("/").pop()), close: () => context.close() };
}

test(
  "a like by someone else reaches the author's badge and bell in every open tab without a reload",
  { tag: "@cluster" },
  async ({ browser }) => {
    const ann = await person(browser);
    const bo = await person(browser);
    const workId = await publishPost(ann.page, "今天的速写");
    let streams = 0;
    ann.page.context().on("request", (r) => {
      if (new URL(r.url()).pathname === "/user/events") streams++;
    });
    await ann.page.goto("/");
    await ann.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await expect(bar(ann.page).getByTestId("message-badge")).toHaveCount(0);
    // A second tab of the same browser: one of them holds the stream and tells the other.
    const otherTab = await ann.page.context().newPage();
    await otherTab.goto("/about");
    await expect(bar(otherTab).getByLabel("消息", { exact: true })).toBeVisible();

    await bo.page.goto(`/art/${workId}`);
    await bo.page.getByTestId("like-button").first().click();
    await expect(bo.page.getByTestId("like-button").first()).toHaveAttribute("aria-pressed", "true");

    await expect(bar(ann.page).getByTestId("message-badge")).toHaveText("1");
    await expect(bar(otherTab).getByTestId("message-badge")).toHaveText("1");
    // Two tabs, one stream: open pages do not use up the browser's few connections to the site.
    expect(streams).toBe(1);
    await bar(ann.page)
      .getByLabel(/消息，1条未读/)
      .click();
    const menu = ann.page.getByTestId("inbox-menu");
    await expect(menu).toContainText(`${bo.nickname} 赞了你的作品`);
    // Still the same page: nothing reloaded it.
    expect(await ann.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Opening it reads it and goes to the work; the badge goes.
    await menu.getByRole("link", { name: /赞了你的作品/ }).click();
    await expect(ann.page).toHaveURL(new RegExp(`/art/${workId}$`));
    await expect(bar(ann.page).getByTestId("message-badge")).toHaveCount(0);
    await Promise.all([ann.close(), bo.close()]);
  },
);

test("notifications: opening the list marks nothing; one, then all, are marked read", async ({ browser }) => {
  const ann = await person(browser);
  const fans = [await person(browser), await person(browser)];
  for (const f of fans) {
    await f.page.goto(`/user/${ann.id}`);
    await f.page.getByTestId("profile-header").getByTestId("follow-button").click();
    await expect(f.page.getByTestId("profile-header").getByTestId("follow-button")).toHaveText("已关注");
  }
  await ann.page.goto("/user/messages");
  const items = ann.page.getByTestId("notification");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${fans[1].nickname} 关注了你`);
  await ann.page.reload();
  await expect(ann.page.locator('[data-testid="notification"][data-read="0"]')).toHaveCount(2);
  await items.first().getByRole("button", { name: "标为已读" }).click();
  await expect(ann.page.locator('[data-testid="notification"][data-read="0"]')).toHaveCount(1);
  await expect(bar(ann.page).getByTestId("message-badge")).toHaveText("1");
  await ann.page.getByRole("button", { name: "全部标为已读" }).click();
  await expect(toast(ann.page, "已将 1 条通知标为已读")).toBeAttached();
  await expect(ann.page.locator('[data-testid="notification"][data-read="0"]')).toHaveCount(0);
  await expect(bar(ann.page).getByTestId("message-badge")).toHaveCount(0);
  await Promise.all([ann.close(), ...fans.map((f) => f.close())]);
});

test("an admin recommends a work without JavaScript; its author is told and paid", async ({ browser }) => {
  const ann = await person(browser);
  const workId = await publishPost(ann.page, "想被推荐的作品");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: "zh-CN",
    extraHTTPHeaders: visitorHeaders(),
  });
  const admin = await context.newPage();
  await signIn(admin, ownerLogin.username, ownerLogin.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.goto(`/art/${workId}`);
  await admin.getByTestId("work-detail").getByText("选入精选").click();
  await admin.getByTestId("work-detail").getByRole("button", { name: "选入编辑精选" }).click();
  await expect(toast(admin, "已选入编辑精选")).toBeAttached();
  await expect(admin.getByTestId("recommended")).toHaveText("编辑精选");
  await expect(admin.getByTestId("work-detail").getByRole("button", { name: "移出精选" })).toBeVisible();

  await expect(bar(ann.page).getByTestId("message-badge")).toHaveText("1");
  await ann.page.goto("/user/messages");
  await expect(ann.page.getByTestId("notification").first()).toContainText("你的作品《想被推荐的作品》被选入编辑精选");
  await ann.page.goto("/user/scores");
  await expect(ann.page.getByTestId("score-ledger")).toContainText("作品被推荐");
  await Promise.all([ann.close(), context.close()]);
});

for (const js of [false, true]) {
  test(
    `a private message round trip with JavaScript ${js ? "on" : "off"}`,
    { tag: js ? ["@cluster"] : [] },
    async ({ browser }) => {
      const ann = await person(browser, js);
      const bo = await person(browser, js);
      await bo.page.goto(`/user/${ann.id}`);
      await bo.page.getByTestId("profile-header").getByRole("link", { name: "私信" }).click();
      await expect(bo.page).toHaveURL(new RegExp(`/user/messages/chat/${ann.id}$`));
      if (js) await bo.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const hello = "你好，想请你画一张头像 <b>可以吗</b> https://example.com/brief";
      await bo.page.getByLabel("私信内容").fill(hello);
      await bo.page.getByRole("button", { name: "发送" }).click();
      await expect(bo.page.getByTestId("chat-message").last()).toContainText(hello);
      await expect(bo.page.getByTestId("chat-message").last().getByRole("link")).toHaveAttribute(
        "href",
        "/redirect?url=https%3A%2F%2Fexample.com%2Fbrief",
      );
      await expect(bo.page.getByLabel("私信内容")).toHaveValue("");
      if (js) expect(await bo.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // The recipient sees it counted, in the list as unread, and reads it by opening it.
      await ann.page.goto("/user/messages/chats");
      await expect(bar(ann.page).getByTestId("message-badge")).toHaveText("1");
      const line = ann.page.getByTestId("conversation").first();
      await expect(line).toContainText(bo.nickname);
      await expect(line.getByTestId("message-badge")).toHaveText("1");
      await line.click();
      await expect(ann.page.getByTestId("chat-message").first()).toContainText(hello);
      await expect(bar(ann.page).getByTestId("message-badge")).toHaveCount(0);
      await ann.page.getByLabel("私信内容").fill("可以的，明天给你草图");
      await ann.page.getByRole("button", { name: "发送" }).click();
      await expect(ann.page.getByTestId("chat-message").last()).toContainText("可以的，明天给你草图");

      if (!js) await bo.page.reload();
      await expect(bo.page.getByTestId("chat-message").last()).toContainText("可以的，明天给你草图");

      // An empty message is refused with a reason, and a blocked sender is refused.
      await ann.page.getByRole("button", { name: "拉黑" }).click();
      await expect(ann.page.getByRole("button", { name: "取消拉黑" })).toBeVisible();
      await bo.page.reload();
      await expect(bo.page.getByText("对方已拒收你的私信")).toBeVisible();
      await expect(bo.page.getByLabel("私信内容")).toBeDisabled();
      await Promise.all([ann.close(), bo.close()]);
    },
  );

  test(`daily sign-in from the user menu with JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const me = await person(browser, js);
    await me.page.goto("/about");
    await bar(me.page).getByLabel("用户菜单").click();
    await bar(me.page)
      .getByRole("button", { name: /每日签到/ })
      .click();
    await expect(toast(me.page, "签到成功，获得 5 积分，已连续签到 1 天")).toBeAttached();
    await expect(me.page).toHaveURL(/\/about$/);
    await bar(me.page).getByLabel("用户菜单").click();
    await expect(bar(me.page).getByTestId("checkin-done")).toHaveText("今日已签到 · 连续 1 天");
    await me.page.goto("/user/scores");
    await expect(me.page.getByTestId("score-balance")).toHaveText("5");
    await expect(me.page.getByTestId("score-ledger")).toContainText("每日签到");
    await expect(me.page.getByTestId("score-ledger")).toContainText("+5");
    // Its place among everyone (the leaderboard shows the top 50, which the run's other members may fill).
    await expect(me.page.getByText(/排行第 \d+ 名/)).toBeVisible();
    await me.close();
  });
}
