import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";
import type { Page } from "@playwright/test";
import { register, signIn, signOut, uniqueName, untilHydrated } from "./helpers.ts";

const picture = path.join(os.tmpdir(), "yishe-e2e-drafts", "green.png");

test.beforeAll(async () => {
  mkdirSync(path.dirname(picture), { recursive: true });
  writeFileSync(
    picture,
    await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  );
});

/** The member's 草稿 tab, reached as they would: the user menu's 个人中心, then the tab. */
async function openDrafts(page: Page) {
  await page.goto("/");
  await page.getByLabel("用户菜单").click();
  await page.getByRole("link", { name: "个人中心" }).first().click();
  await page.getByRole("navigation", { name: "个人中心" }).getByRole("link", { name: "草稿" }).click();
  await expect(page).toHaveURL(/\/user\/\d+\/drafts$/);
}

test(
  "with JavaScript, the form saves itself while typing; the draft outlives signing out and goes once published",
  { tag: "@cluster" },
  async ({ page }) => {
    const username = uniqueName("d");
    await register(page, username);
    await page.goto("/art/create?type=article");
    await untilHydrated(page, 'textarea[name="content"]');
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("标题").fill("写了一半的教程");
    await page.getByLabel("正文", { exact: true }).fill("第一段：先打底色。");
    await expect(page.getByRole("status").filter({ hasText: /草稿已自动保存 \d\d:\d\d/ })).toBeVisible({
      timeout: 15_000,
    });
    // Saved, nothing is lost by leaving: no question.
    let asked = 0;
    page.on("dialog", (d) => {
      asked++;
      void d.dismiss();
    });
    await signOut(page);
    expect(asked).toBe(0);
    await signIn(page, username, "secret123");
    // Signed in once the page has left the form: moving on earlier could cancel the post.
    await page.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
    await openDrafts(page);
    const draft = page.getByTestId("draft").filter({ hasText: "写了一半的教程" });
    await expect(draft).toContainText("文章");
    await draft.getByRole("link", { name: "继续编辑" }).click();
    await expect(page.getByLabel("标题")).toHaveValue("写了一半的教程");
    await expect(page.getByLabel("正文", { exact: true })).toHaveValue("第一段：先打底色。");
    await expect(page.getByLabel("节点")).toHaveValue(/\d+/);
    await page.getByLabel("正文", { exact: true }).fill("第一段：先打底色。第二段：再叠暗部。");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await openDrafts(page);
    await expect(page.getByText("没有草稿")).toBeVisible();
  },
);

test("pressing 发布 while a draft is being saved publishes once and leaves no draft behind", async ({ page }) => {
  await register(page, uniqueName("d"));
  // The first save is held on its way until 发布 has been pressed.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let saves = 0;
  await page.route("**/art/draft", async (route) => {
    saves++;
    await held;
    await route.continue();
  });
  await page.goto("/art/create?type=article");
  await untilHydrated(page, 'textarea[name="content"]');
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("标题").fill("赶着发布的画");
  await page.getByLabel("正文", { exact: true }).fill("一边保存一边发布。");
  await expect(page.getByRole("status").filter({ hasText: "正在保存草稿…" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "发布" }).click();
  release();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  expect(saves).toBe(1);
  await openDrafts(page);
  await expect(page.getByText("没有草稿")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("存草稿 keeps what was typed and the picture chosen; the draft is the member's to open and delete", async ({
    page,
  }) => {
    await register(page, uniqueName("d"));
    await page.goto("/art/create?type=post");
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("内容").fill("<b>没写完</b>的动态");
    await page.getByLabel("添加图片").setInputFiles(picture);
    await page.getByRole("button", { name: "存草稿" }).click();
    await expect(page).toHaveURL(/\/art\/create\?type=post&draft=\d+$/);
    await expect(page.getByText("草稿已保存")).toBeAttached();
    await expect(page.getByLabel("内容")).toHaveValue("<b>没写完</b>的动态");
    await expect(page.getByTestId("image-row")).toHaveCount(1);
    const own = page.url();
    await openDrafts(page);
    const draft = page.getByTestId("draft");
    await expect(draft).toHaveCount(1);
    await expect(draft.getByRole("link", { name: "<b>没写完</b>的动态" })).toBeVisible();
    // Another member finds neither the draft nor the tab.
    const centre = page.url().replace(/\/drafts$/, "");
    await signOut(page);
    await register(page, uniqueName("d"));
    expect((await page.goto(own))!.status()).toBe(404);
    await page.goto(centre);
    await expect(page.getByRole("navigation", { name: "个人中心" }).getByRole("link", { name: "草稿" })).toHaveCount(0);
    expect((await page.goto(`${centre}/drafts`))!.status()).toBe(404);
  });

  test("a draft is deleted from the 草稿 tab", async ({ page }) => {
    await register(page, uniqueName("d"));
    await page.goto("/art/create?type=post");
    await page.getByLabel("内容").fill("不要了的草稿");
    await page.getByRole("button", { name: "存草稿" }).click();
    await expect(page).toHaveURL(/draft=\d+$/);
    await openDrafts(page);
    await page.getByTestId("draft").getByRole("button", { name: "删除" }).click();
    await expect(page.getByText("草稿已删除")).toBeAttached();
    await expect(page.getByText("没有草稿")).toBeVisible();
  });
});

for (const js of [false, true])
  test(
    `定时发布 keeps a work for its minute, listed with the drafts; a time past is refused, JavaScript ${js ? "on" : "off"}`,
    { tag: js ? ["@cluster"] : [] },
    async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
      const page = await context.newPage();
      await register(page, uniqueName("d"));
      await page.goto("/art/create?type=post");
      await page.getByLabel("节点").selectOption({ label: "插画" });
      await page.getByLabel("内容").fill("明早九点的画");
      await page.getByLabel(/定时发布/).fill(msToChinaMinute(Date.now() - 3_600_000));
      await page.getByRole("button", { name: "发布" }).click();
      await expect(page.getByText("定时发布时间需在1分钟后、30天之内")).toBeVisible();
      const at = msToChinaMinute(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 3_600_000);
      await page.getByLabel(/定时发布/).fill(at);
      await page.getByRole("button", { name: "发布" }).click();
      await expect(page).toHaveURL(/\/art\/\d+$/);
      const work = page.url();
      await expect(page.getByText(`已定时：${at.replace("T", " ")} 发布`)).toBeAttached();
      await expect(page.getByTestId("work-state")).toContainText(`将于 ${at.replace("T", " ")}（北京时间）公开`);
      await openDrafts(page);
      await expect(page.getByTestId("scheduled")).toContainText("明早九点的画");
      await signOut(page);
      expect((await page.goto(work))!.status()).toBe(404);
      await context.close();
    },
  );
