import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { ownerLogin, register, signIn, uniqueName } from "./helpers.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";

/** Curation (issue 59 part 3): 编辑精选, following a tag, 活动 — with and without JavaScript. */
test.describe.configure({ timeout: 120_000 });

async function person(browser: Browser, javaScriptEnabled: boolean, prefix: string) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  const nickname = await register(page, uniqueName(prefix));
  const href = await page.locator('a:text-is("个人中心")').first().getAttribute("href");
  return { page, nickname, id: Number(href?.split("/").pop()) };
}

async function owner(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signIn(page, ownerLogin.username, ownerLogin.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
  return page;
}

async function publish(page: Page, text: string, tags = "") {
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
  if (tags) await page.getByLabel("标签", { exact: true }).fill(tags);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return Number(page.url().split("/").pop());
}

for (const js of [true, false])
  test(`an admin picks a work with a reason; it heads the home page's shelf and /picks, and its author is told (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const author = await person(browser, js, "p");
    const text = `精选候选${uniqueName("w")}`;
    const id = await publish(author.page, text);
    const admin = await owner(browser, js);
    await admin.goto(`/art/${id}`);
    await admin.getByText("选入精选").click();
    await admin.getByLabel(/精选理由/).fill("构图<b>干净</b>，留白得当");
    await admin.getByRole("button", { name: "选入编辑精选" }).click();
    await expect(admin.locator(".toast", { hasText: "已选入编辑精选" })).toBeVisible();
    await expect(admin.getByTestId("pick-reason")).toHaveText("精选理由 构图<b>干净</b>，留白得当");
    await expect(admin.getByTestId("recommended")).toHaveText("编辑精选");

    const visitor = await browser.newPage({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
    await visitor.goto("/");
    const shelf = visitor.getByRole("region", { name: "编辑精选" });
    const card = shelf.getByTestId("work-card").first();
    await expect(card).toContainText(text);
    await expect(card.getByTestId("card-note")).toHaveText("构图<b>干净</b>，留白得当");
    await shelf.getByRole("link", { name: "全部精选 →" }).click();
    await expect(visitor).toHaveURL(/\/picks$/);
    await expect(visitor.getByTestId("pick-grid").getByTestId("work-card").first()).toContainText(text);
    const feed = await visitor.request.get("/feeds/picks.rss");
    expect(await feed.text()).toContain(text);

    await author.page.goto("/user/messages");
    await expect(author.page.getByRole("main").getByText(/被选入编辑精选：构图<b>干净<\/b>，留白得当/)).toBeVisible();

    await admin.goto(`/art/${id}`);
    await admin.getByRole("button", { name: "移出精选" }).click();
    await expect(admin.getByTestId("recommended")).toHaveCount(0);
  });

test("the home page's shelf is one row of whole pictures on a wide screen, and a pair on a phone", async ({
  browser,
}) => {
  for (const [viewport, count] of [
    [{ width: 1280, height: 900 }, 4],
    [{ width: 390, height: 844 }, 2],
  ] as const) {
    const page = await browser.newPage({ viewport, extraHTTPHeaders: visitorHeaders() });
    await page.goto("/");
    const cards = page.getByTestId("pick-grid").locator("[data-testid=work-card]:visible");
    await expect(cards).toHaveCount(count);
    await expect
      .poll(() =>
        page
          .locator(".pick-shelf img")
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete || !i.checkVisibility())),
      )
      .toBe(true);
    const shapes = await cards.evaluateAll((all) =>
      all.map((c) => {
        const img = c.querySelector<HTMLImageElement>(".cover img");
        const r = (img ?? c.querySelector(".face")!).getBoundingClientRect();
        return {
          top: Math.round(r.top),
          height: r.height,
          shown: r.width / r.height,
          own: img ? img.naturalWidth / img.naturalHeight : 0,
        };
      }),
    );
    expect(new Set(shapes.map((s) => s.top)).size).toBe(1);
    for (const s of shapes) {
      expect(Math.abs(s.height - shapes[0].height)).toBeLessThan(1.5);
      if (s.own) expect(Math.abs(s.shown / Math.min(2.5, Math.max(0.5, s.own)) - 1)).toBeLessThan(0.02);
    }
    await page.close();
  }
});

for (const js of [true, false])
  test(`a member follows a tag: its works join /follow and the tag is listed on their centre (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const tag = uniqueName("t");
    const stranger = await person(browser, true, "s");
    const text = `带标签的画${uniqueName("w")}`;
    const workId = await publish(stranger.page, text, tag);
    const reader = await person(browser, js, "r");
    await reader.page.goto("/follow");
    await expect(reader.page.getByRole("main")).not.toContainText(text);
    await reader.page.goto(`/art/${workId}`);
    await reader.page.locator('a[href^="/arts/tag/"]', { hasText: tag }).first().click();
    const button = reader.page.getByTestId("tag-follow-button");
    await expect(button).toHaveText("关注");
    await button.click();
    await expect(button).toHaveText("已关注");
    await expect(reader.page.locator(".toast", { hasText: "关注成功" })).toBeVisible();
    await reader.page.goto("/follow");
    await expect(reader.page.getByRole("main").getByTestId("work-card").first()).toContainText(text);
    await reader.page.goto(`/user/${reader.id}/tags`);
    const listed = reader.page.getByTestId("followed-tags");
    await expect(listed).toContainText(`# ${tag}`);
    await listed.getByTestId("tag-follow-button").click();
    await reader.page.goto(`/user/${reader.id}/tags`);
    await expect(reader.page.getByTestId("followed-tags")).toHaveCount(0);
    await reader.page.goto("/follow");
    await expect(reader.page.getByRole("main")).not.toContainText(text);
  });

test("a visitor's 关注 on a tag leads to sign-in and back", async ({ page }) => {
  await page.goto("/tags");
  await page.locator('a[href^="/arts/tag/"]').first().click();
  await page.getByTestId("tag-follow-button").click();
  await expect(page).toHaveURL(/\/user\/signin\?ref=%2Farts%2Ftag%2F\d+/);
});

for (const js of [true, false])
  test(`an admin makes an event; members enter by tag and by button, vote once and move their vote (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const admin = await owner(browser, js);
    const tag = uniqueName("e");
    const title = `活动${tag.slice(-6)}`;
    await admin.goto("/admin/events");
    const now = Date.now();
    await admin.getByLabel("活动名称").fill(title);
    await admin.getByLabel(/活动标签/).fill(tag);
    await admin.getByLabel(/开始时间/).fill(msToChinaMinute(now - 3_600_000));
    await admin.getByLabel(/结束时间/).fill(msToChinaMinute(now - 7_200_000));
    await admin.getByLabel("活动规则").fill("画下你眼中的冬天");
    await admin.getByRole("button", { name: "创建活动" }).click();
    // A refusal keeps what was typed.
    await expect(admin.getByRole("alert")).toContainText("结束时间要晚于开始时间");
    await expect(admin.getByLabel("活动名称")).toHaveValue(title);
    await admin.getByLabel(/结束时间/).fill(msToChinaMinute(now + 86_400_000));
    await admin.getByRole("button", { name: "创建活动" }).click();
    await expect(admin.locator(".toast", { hasText: "活动已创建" })).toBeVisible();
    const row = admin.getByTestId("admin-events").locator("li", { hasText: title });
    await expect(row.getByTestId("event-state")).toHaveText("进行中");

    const a = await person(browser, js, "a");
    const tagged = `参赛甲${uniqueName("w")}`;
    await publish(a.page, tagged, tag);
    const b = await person(browser, js, "b");
    const plain = `参赛乙${uniqueName("w")}`;
    await publish(b.page, plain);
    await b.page.goto("/events");
    await b.page.getByRole("link", { name: title }).click();
    const entries = b.page.getByTestId("event-entries");
    await expect(entries).toContainText(tagged);
    await b.page.getByLabel("选择作品").selectOption({ label: plain });
    await b.page.getByRole("button", { name: "参加", exact: true }).click();
    await expect(b.page.locator(".toast", { hasText: "已参加活动" })).toBeVisible();
    await expect(entries).toContainText(plain);

    const entry = (page: Page, text: string) => page.getByTestId("event-entries").locator("li", { hasText: text });
    // b votes for a's work; its own has 撤回, not a vote.
    await expect(entry(b.page, plain).getByRole("button", { name: "投票" })).toHaveCount(0);
    await entry(b.page, tagged).getByRole("button", { name: "投票" }).click();
    await expect(entry(b.page, tagged).getByRole("button", { name: "已投票" })).toBeDisabled();
    await expect(entry(b.page, tagged).getByTestId("entry-votes")).toContainText("1 票");

    // a votes for b's, then b withdraws: a's vote is free again.
    await a.page.goto(b.page.url().split("#")[0]);
    await entry(a.page, plain).getByRole("button", { name: "投票" }).click();
    await expect(entry(a.page, plain).getByTestId("entry-votes")).toContainText("1 票");
    await entry(b.page, plain).getByRole("button", { name: "撤回" }).click();
    await expect(b.page.locator(".toast", { hasText: "已撤回参赛作品" })).toBeVisible();
    await expect(b.page.getByTestId("event-entries")).not.toContainText(plain);
  });

test("an event whose results are out shows its winners, and the winning work carries its place", async ({ page }) => {
  await page.goto("/events");
  await page.getByRole("link", { name: "秋日写生", exact: true }).click();
  const winners = page.getByTestId("event-winners");
  await expect(winners.locator("li")).toHaveCount(3);
  await expect(winners.locator("li").first()).toContainText("第一名");
  await winners.locator("li").first().locator('a[href^="/art/"]').click();
  await expect(page.getByTestId("award")).toHaveText("秋日写生 · 第一名");
});
