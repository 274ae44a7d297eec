import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { ownerLogin, register, signIn, uniqueName, untilHydrated } from "./helpers.ts";
import { drawing } from "../../api/test/drawing.ts";

test.describe.configure({ timeout: 120_000 });

const dir = path.join(os.tmpdir(), "yishe-e2e-originals");
const files = { original: path.join(dir, "original.png"), copy: path.join(dir, "copy.jpg") };
test.beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  // A picture of this run's own (the seed), and the same picture re-encoded smaller, as a copier would take it.
  const bytes = await drawing(Date.now() % 100_000);
  writeFileSync(files.original, bytes);
  writeFileSync(files.copy, await sharp(bytes).resize(600).jpeg({ quality: 75 }).toBuffer());
});

const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });

async function person(browser: Browser, javaScriptEnabled: boolean, prefix: string) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  return { page, nickname: await register(page, uniqueName(prefix)) };
}

/** A post of one picture, published through the form (the picture uploads as it is chosen). */
async function publishPicture(page: Page, file: string, text: string) {
  await page.goto("/art/create?type=post");
  await untilHydrated(page, 'textarea[name="content"]');
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
  await page.getByLabel("添加图片").setInputFiles([file]);
  await expect(page.getByTestId("image-row")).toHaveCount(1);
  await expect(page.locator("[data-uploading]")).toHaveCount(0);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return Number(page.url().split("/").pop());
}

test("a copied picture is flagged to both authors and the admins; the original's author claims it", async ({
  browser,
}) => {
  const painter = await person(browser, true, "p");
  const original = await publishPicture(painter.page, files.original, "我自己画的海边");
  await expect(painter.page.getByTestId("original-badge").first()).toHaveText("原创");

  const copier = await person(browser, true, "c");
  const taken = await publishPicture(copier.page, files.copy, "我画的海边");
  await expect(copier.page.getByTestId("original-badge")).toHaveCount(0);
  await copier.page.goto("/user/messages");
  await expect(
    copier.page.getByRole("main").getByText(/中有图片与站内更早发布的作品相似；如是转载，请注明出处/),
  ).toBeVisible();

  await painter.page.goto("/user/messages");
  const told = painter.page.getByRole("main").getByRole("link", { name: /中有图片与你的作品相似/ });
  await told.click();
  await expect(painter.page).toHaveURL(/\/report\?target=work/);
  await expect(painter.page.getByRole("heading", { level: 1 })).toHaveText("版权申诉");
  await expect(painter.page.getByLabel("侵犯版权")).toBeChecked();
  await expect(painter.page.getByLabel("原作地址")).toHaveValue(`/art/${original}`);
  await painter.page.getByLabel("补充说明").fill("原图和分层文件都在我这里");
  await painter.page.getByRole("button", { name: "提交举报" }).click();
  await expect(toast(painter.page, "举报已提交")).toBeAttached();
  await copier.page.goto("/user/messages");
  await expect(copier.page.getByRole("main").getByText(/收到一份版权申诉/)).toBeVisible();

  const admin = await (await browser.newContext({ locale: "zh-CN", extraHTTPHeaders: visitorHeaders() })).newPage();
  await signIn(admin, ownerLogin.username, ownerLogin.password);
  await admin.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
  await admin.goto("/admin/reports");
  const flags = admin.getByRole("listitem").filter({ has: admin.getByRole("link", { name: "我画的海边" }) });
  await expect(flags.filter({ hasText: "由 系统比对 举报" })).toContainText(`原作：/art/${original}`);
  const claim = flags.filter({ hasText: "原图和分层文件都在我这里" });
  await expect(claim).toContainText(`原作：/art/${original}`);
  await claim.getByRole("button", { name: "隐藏内容" }).click();
  await expect(toast(admin, "举报已处理")).toBeAttached();
  expect((await painter.page.goto(`/art/${taken}`))?.status()).toBe(404);
  await painter.page.goto("/user/messages");
  await expect(painter.page.getByRole("main").getByText("你的举报已处理：已隐藏被举报的作品")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("版权申诉 asks for the original and the evidence, and keeps what was typed", async ({ page, request }) => {
    const works = (await (await request.get("/api/art/list?order=newest&type=1&limit=1")).json()) as {
      data: { results: { artId: number }[] };
    };
    const work = works.data.results[0].artId;
    await register(page, uniqueName("k"));
    await page.goto(`/art/${work}`);
    await page.getByRole("link", { name: "版权申诉" }).click();
    await expect(page.getByLabel("侵犯版权")).toBeChecked();
    await page.getByLabel("原作地址").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "提交举报" }).click();
    await expect(page.getByText("请填写原作的地址（本站作品或其他网站的链接）")).toBeVisible();
    await expect(page.getByText("请说明你是原作者的依据，如创作过程、原始文件")).toBeVisible();
    await expect(page.getByLabel("原作地址")).toHaveValue("javascript:alert(1)");
    // Another reason asks for no original.
    await page.getByLabel("垃圾广告").check();
    await expect(page.getByLabel("原作地址")).toBeHidden();
    await page.getByLabel("侵犯版权").check();
    await page.getByLabel("原作地址").fill("https://www.pixiv.net/artworks/12345");
    await page.getByLabel("补充说明").fill("这是我 2024 年发在 Pixiv 的画");
    await page.getByRole("button", { name: "提交举报" }).click();
    await expect(page).toHaveURL(new RegExp(`/art/${work}$`));
    await expect(page.getByText("举报已提交")).toBeAttached();
  });
});
