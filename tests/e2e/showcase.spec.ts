import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { isUpload, register, uniqueName, untilHydrated } from "./helpers.ts";

const dir = path.join(os.tmpdir(), "yishe-e2e-showcase");
const red = path.join(dir, "red.png");
const blue = path.join(dir, "blue.png");
const wide = path.join(dir, "wide.png");

test.beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  for (const [file, background] of [
    [red, "#c0392b"],
    [blue, "#2e86de"],
  ])
    writeFileSync(
      file,
      await sharp({ create: { width: 900, height: 1200, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  writeFileSync(
    wide,
    await sharp({ create: { width: 1800, height: 900, channels: 3, background: "#8e44ad" } })
      .png()
      .toBuffer(),
  );
});

async function newPost(page: Page, content: string) {
  await register(page, uniqueName("s"));
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(content);
}

/** The card of the newest work, as the newest listing draws it. */
const newestCard = (page: Page, content: string) =>
  page.getByTestId("work-card").filter({ hasText: content }).locator(".cover img");

test.describe("the cover, with JavaScript", () => {
  test(
    "is the first picture in the list, not the upload that finished first; the crop is the author's",
    { tag: "@cluster" },
    async ({ page }) => {
      const content = `封面顺序 ${uniqueName("c")}`;
      await newPost(page, content);
      await untilHydrated(page, 'input[aria-label="添加图片"]');
      // The first file's upload is held back, so the second one finishes first.
      let uploads = 0;
      await page.route(isUpload, async (route) => {
        uploads += 1;
        if (uploads === 1) {
          await new Promise((r) => setTimeout(r, 1500));
        }
        await route.continue();
      });
      await page.getByLabel("添加图片").setInputFiles([red, blue]);
      const rows = page.getByTestId("image-row");
      await expect(rows.getByRole("radio", { name: "封面" })).toHaveCount(2);
      expect(uploads).toBe(2);
      const urls = await page
        .locator('input[name="imageUrl"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      await expect(rows.first().getByRole("radio", { name: "封面" })).toBeChecked();
      // A click on the picture's top left corner crops the card there.
      const picture = page.getByRole("button", { name: "点选裁切中心" });
      const box = (await picture.boundingBox())!;
      await picture.click({ position: { x: box.width * 0.2, y: box.height * 0.1 } });
      await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "20% 10%");
      await page.getByRole("button", { name: "发布" }).click();
      await expect(page).toHaveURL(/\/art\/\d+$/);
      await page.goto("/arts");
      const cover = newestCard(page, content);
      await expect(cover).toHaveAttribute("src", urls[0]);
      await expect(cover).toHaveAttribute("style", /--focus:\s*20% 10%/);
    },
  );

  test("the author picks another, and it stays the cover when the pictures move", async ({ page }) => {
    const content = `选封面 ${uniqueName("c")}`;
    await newPost(page, content);
    await untilHydrated(page, 'input[aria-label="添加图片"]');
    await page.getByLabel("添加图片").setInputFiles([red, blue]);
    const rows = page.getByTestId("image-row");
    await expect(rows.getByRole("radio", { name: "封面" })).toHaveCount(2);
    const blueUrl = await rows.nth(1).locator('input[name="imageUrl"]').inputValue();
    await rows.nth(1).getByRole("radio", { name: "封面" }).check();
    await rows.nth(1).getByRole("button", { name: "上移" }).click();
    await rows.nth(1).getByRole("button", { name: "上移" }).click();
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await page.goto("/arts");
    await expect(newestCard(page, content)).toHaveAttribute("src", blueUrl);
  });

  test("leaving a half-written work asks first; staying keeps it, and publishing does not ask", async ({ page }) => {
    await newPost(page, "还没写完的一段话");
    await untilHydrated(page, 'textarea[name="content"]');
    await page.getByLabel("内容").fill("还没写完的一段话，再补一句");
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("link", { name: "推荐" }).first().click();
    await expect.poll(() => asked).toEqual(["作品还没有保存，确定要离开吗？"]);
    await expect(page).toHaveURL(/\/art\/create/);
    await expect(page.getByLabel("内容")).toHaveValue("还没写完的一段话，再补一句");
    page.on("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    expect(asked).toHaveLength(1);
  });
});

test.describe("the cover, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("上移 and 下移 post the form back reordered, and the first picture is the cover", async ({ page }) => {
    const content = `无脚本排序 ${uniqueName("c")}`;
    await newPost(page, content);
    await page.getByLabel("添加图片").setInputFiles([red, blue]);
    // 上传 stores the files and draws the form again, nothing published yet.
    await page.getByRole("button", { name: "上传所选图片" }).click();
    await expect(page).toHaveURL(/\/art\/create/);
    const rows = page.getByTestId("image-row");
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel("内容")).toHaveValue(content);
    const urls = await page
      .locator('input[name="imageUrl"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await rows.first().getByRole("button", { name: "下移" }).click();
    const swapped = await page
      .locator('input[name="imageUrl"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(swapped).toEqual([urls[1], urls[0]]);
    await expect(rows.first().getByRole("radio", { name: "封面" })).toBeChecked();
    // The crop's sliders work as they are: Home puts the crop at the top.
    await page.getByLabel("垂直位置").press("Home");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await page.goto("/arts");
    const cover = newestCard(page, content);
    await expect(cover).toHaveAttribute("src", swapped[0]);
    await expect(cover).toHaveAttribute("style", /--focus:\s*50% 0%/);
  });
});

test("a work of pictures shows them across the page on a wide screen, each in order, and within a phone's width", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await newPost(page, `宽幅展示 ${uniqueName("w")}`);
  await page.getByLabel("添加图片").setInputFiles([wide, red]);
  await expect(page.getByTestId("image-row").getByRole("radio", { name: "封面" })).toHaveCount(2);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  // Measured before any picture arrives, by a visitor whose pictures never come: each holds its place from its
  // stored size, so nothing moves when it loads.
  const address = page.url();
  const visitor = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: visitorHeaders(),
  });
  await visitor.route("**/*", (route) => (route.request().resourceType() === "image" ? undefined : route.fallback()));
  page = await visitor.newPage();
  await page.goto(address, { waitUntil: "domcontentloaded" });
  const pictures = page.getByTestId("gallery").getByRole("img");
  await expect(pictures).toHaveCount(2);
  const [first, second] = await pictures.evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().toJSON()));
  // Wider than the old 730 px column; a tall picture as tall as the window lets it be, centred.
  expect(first.width).toBeGreaterThan(1000);
  expect(second.height).toBeLessThanOrEqual(900 * 0.9 + 1);
  expect(second.top).toBeGreaterThan(first.bottom);
  // The title and author come first, and the author's card stands beside the text below the pictures.
  const title = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(title.y).toBeLessThan(first.top);
  const author = (await page.getByTestId("author-card").boundingBox())!;
  expect(author.y).toBeGreaterThan(second.bottom);
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await pictures.first().evaluate((i) => i.getBoundingClientRect().width);
  expect(narrow).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.close();
});

test("a song's page draws its waveform from the file, and the waveform seeks by click and by keyboard", async ({
  page,
}) => {
  await page.goto("/search?q=%E6%B5%B7%E8%BE%B9%E7%9A%84%E8%BD%A6%E7%AB%99");
  await page
    .getByTestId("search-hit")
    .first()
    .getByRole("link", { name: /海边的车站/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const wave = page.getByRole("slider", { name: /播放进度/ });
  await expect(wave).toBeVisible();
  await expect(wave.locator("span")).toHaveCount(120);
  // The bars follow the sound: not all of one height.
  const heights = await wave.locator("span").evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.height));
  expect(new Set(heights).size).toBeGreaterThan(5);
  const player = page.getByTestId("audio-player");
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration || 0)).toBeGreaterThan(1);
  const duration = await player.evaluate((a: HTMLAudioElement) => a.duration);
  const box = (await wave.boundingBox())!;
  await wave.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(duration / 2, 0);
  await wave.press("ArrowLeft");
  await expect
    .poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeCloseTo(Math.max(0, duration / 2 - 5), 0);
  await expect(wave).toHaveAttribute("aria-valuenow", String(Math.round(Math.max(0, duration / 2 - 5))));
});

test.describe("uploading, with JavaScript", () => {
  /** A picture made in the page, as a file a person would drop or paste. */
  const pictureIn = (page: Page, name: string) =>
    page.evaluateHandle(async (name) => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 200;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#e76f51";
      g.fillRect(0, 0, 320, 200);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
      const dt = new DataTransfer();
      dt.items.add(new File([blob], name, { type: "image/png" }));
      return dt;
    }, name);

  test("pictures dropped on the list and pasted on the page upload, each with its row", async ({ page }) => {
    await newPost(page, `拖入与粘贴 ${uniqueName("u")}`);
    await untilHydrated(page, 'input[aria-label="添加图片"]');
    const dropped = await pictureIn(page, "dropped.png");
    await page.getByTestId("image-list").dispatchEvent("drop", { dataTransfer: dropped });
    const rows = page.getByTestId("image-row");
    await expect(rows.getByRole("radio", { name: "封面" })).toHaveCount(1);
    const pasted = await pictureIn(page, "pasted.png");
    await page.evaluate((dt) => {
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true }));
    }, pasted);
    await expect(rows.getByRole("radio", { name: "封面" })).toHaveCount(2);
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await expect(page.getByTestId("gallery").getByRole("img")).toHaveCount(2);
  });

  test("an article's picture goes in at the cursor as its own paragraph; tags offer the ones that exist", async ({
    page,
  }) => {
    await register(page, uniqueName("s"));
    await page.goto("/art/create?type=article");
    await untilHydrated(page, 'textarea[name="content"]');
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("标题").fill("图文并茂");
    const body = page.getByLabel("正文", { exact: true });
    await body.fill("第一段。\n\n第二段。");
    await body.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(4, 4));
    await page.getByLabel("插入图片").setInputFiles(red);
    await expect(body).toHaveValue(/^第一段。\n\n!\[red\]\(\/uploads\/[^)]+\)\n\n第二段。$/);
    const tags = page.getByLabel("标签", { exact: true });
    await tags.pressSequentially("水彩 插");
    const offered = page.getByRole("listbox", { name: "已有的标签" });
    await expect(offered.getByRole("option", { name: "# 插画" })).toBeVisible();
    await offered.getByRole("option", { name: "# 插画" }).click();
    await expect(tags).toHaveValue("水彩 插画 ");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    await expect(page.locator(".prose-work img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(page.getByRole("list", { name: "标签" })).toContainText("插画");
  });
});

test("sharing offers 微博, QQ and the poster, which is also the page's og:image", async ({ page, request }) => {
  await newPost(page, `分享海报 ${uniqueName("p")}`);
  await page.getByLabel("添加图片").setInputFiles(red);
  await expect(page.getByTestId("image-row").getByRole("radio", { name: "封面" })).toHaveCount(1);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`/api/art/poster/${id}$`),
  );
  await page.getByText("↗ 分享").click();
  const menu = page.getByTestId("share-menu");
  await expect(menu.getByRole("link", { name: "分享到微博" })).toHaveAttribute(
    "href",
    new RegExp(`^https://service\\.weibo\\.com/share/share\\.php\\?url=.*pic=.*poster%2F${id}`),
  );
  await expect(menu.getByRole("link", { name: "分享到QQ" })).toHaveAttribute("href", /^https:\/\/connect\.qq\.com\//);
  const poster = await request.get((await menu.getByRole("link", { name: "分享海报" }).getAttribute("href"))!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/png");
});
