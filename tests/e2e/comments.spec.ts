import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName, untilHydrated } from "./helpers.ts";

for (const js of [false, true])
  test(`a comment is liked once per member and unliked, JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    await register(page, uniqueName("c"));
    await page.goto("/art/create?type=post");
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("内容").fill(`评论点赞 ${uniqueName("x")}`);
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    const work = page.url();
    await page.getByLabel("评论内容").fill("第一条评论");
    await page.getByRole("button", { name: "发表评论" }).click();
    const comment = page.getByTestId("comment").filter({ hasText: "第一条评论" });
    await expect(comment).toBeVisible();
    // With JavaScript the button turns at once; the page is read again only after the server has answered.
    const liked = js ? page.waitForResponse((r) => r.request().method() === "POST") : null;
    await comment.getByRole("button", { name: /^点赞/ }).click();
    await expect(comment.getByRole("button", { name: /^取消点赞.*1 个赞$/ })).toHaveAttribute("aria-pressed", "true");
    await liked;
    // Counted from the server, not only drawn: the page read again says the same.
    await page.goto(work);
    await expect(comment.getByRole("button", { name: /1 个赞$/ })).toHaveText("♥ 1");
    const unliked = js ? page.waitForResponse((r) => r.request().method() === "POST") : null;
    await comment.getByRole("button", { name: /^取消点赞/ }).click();
    await expect(comment.getByRole("button", { name: /^点赞.*0 个赞$/ })).toHaveText("♥ 赞");
    await unliked;
    await page.goto(work);
    await expect(comment.getByRole("button", { name: /^点赞.*0 个赞$/ })).toBeVisible();
    await context.close();
  });

test("with JavaScript, @ offers people as one types and an emoji goes in at the caret", async ({ page }) => {
  await register(page, uniqueName("c"));
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(`提到别人 ${uniqueName("x")}`);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  await untilHydrated(page, 'textarea[name="content"]');
  const box = page.getByLabel("评论内容");
  await box.pressSequentially("画得好 @纸飞");
  const people = page.getByRole("listbox", { name: "提到的人" });
  await expect(people.getByRole("option", { name: /纸飞机/ })).toBeVisible();
  await box.press("Enter");
  await expect(box).toHaveValue("画得好 @纸飞机 ");
  await expect(people).toBeHidden();
  await page.getByRole("button", { name: "😀 表情" }).click();
  await page.getByRole("button", { name: "插入 🎨" }).click();
  await expect(box).toHaveValue("画得好 @纸飞机 🎨");
  await page.getByRole("button", { name: "发表评论" }).click();
  const comment = page.getByTestId("comment").filter({ hasText: "画得好" });
  await expect(comment.getByRole("link", { name: "@纸飞机" })).toHaveAttribute("href", /\/user\/\d+$/);
});
