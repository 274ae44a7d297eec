import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

// Rights on every work (issue 35): licence, repost source, AI label, no AI use, originals.
const dir = path.join(os.tmpdir(), "yishe-e2e-rights");
const files = { plain: path.join(dir, "plain.jpg"), made: path.join(dir, "made.jpg") };
const generated = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

test.beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const picture = () => sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#6a4c93" } }).jpeg();
  writeFileSync(files.plain, await picture().toBuffer());
  writeFileSync(
    files.made,
    await picture()
      .withXmp(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
          `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" ` +
          `Iptc4xmpExt:DigitalSourceType="${generated}"/></rdf:RDF></x:xmpmeta>`,
      )
      .toBuffer(),
  );
});

async function newPost(page: Page, text: string) {
  await register(page, uniqueName("r"));
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
}

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a member labels a work AI 生成 under CC BY-NC, keeps it from AI and offers only display sizes", async ({
      page,
    }) => {
      const text = `权利测试${js ? "甲" : "乙"}${uniqueName("")}`;
      await newPost(page, text);
      await page.getByLabel("添加图片").setInputFiles(files.plain);
      if (js) await expect(page.getByTestId("image-row")).toHaveCount(1);
      await expect(page.locator("[data-uploading]")).toHaveCount(0);
      await page.getByRole("radio", { name: "AI 生成" }).check();
      await page.getByLabel("许可协议").selectOption({ label: "CC BY-NC 4.0" });
      await page.getByLabel("AI 使用").selectOption("1");
      await page.getByLabel("原图").selectOption("0");
      await publish(page);
      const workUrl = page.url();

      const meta = page.locator("main").first();
      await expect(meta.getByTestId("ai-badge")).toHaveText("AI 生成");
      const license = page.getByTestId("work-rights").getByRole("link", { name: "CC BY-NC 4.0" });
      await expect(license).toHaveAttribute("href", /creativecommons\.org\/licenses\/by-nc\/4\.0/);
      await expect(page.getByTestId("work-rights")).toContainText("作者不允许 AI 使用本作品");
      await expect(page.locator('meta[name="robots"][content="noai, noimageai"]')).toHaveCount(1);

      // Only display sizes: the picture is a thumbnail, and the stored file's own address is in no page.
      const src = await page.getByTestId("gallery").getByRole("img").first().getAttribute("src");
      expect(src).toMatch(/-1280\.webp$/);
      const original = src!.replace(/-1280\.webp$/, ".webp");
      const answer = await page.request.get(workUrl);
      expect(answer.headers()["x-robots-tag"]).toBe("noai, noimageai");
      expect(await answer.text()).not.toContain(original);

      // The card says it too, in the node's listing.
      await page.goto("/arts/node/1");
      const card = page.getByTestId("work-card").filter({ hasText: text });
      await expect(card.getByTestId("ai-badge")).toHaveText("AI 生成");
      expect(await (await page.request.get("/arts/node/1")).text()).not.toContain(original);
    });

    test("a watermark with the author's name goes on the display sizes only", async ({ page }) => {
      await newPost(page, `水印测试${uniqueName("")}`);
      await page.getByLabel("添加图片").setInputFiles(files.plain);
      if (js) await expect(page.getByTestId("image-row")).toHaveCount(1);
      await expect(page.locator("[data-uploading]")).toHaveCount(0);
      await page.getByLabel("水印", { exact: true }).selectOption({ label: "右下角" });
      await page.getByLabel("水印浓淡").selectOption("70");
      await page.getByLabel("原图").selectOption("0");
      await publish(page);
      await expect(page.getByTestId("work-rights")).toContainText("图片带有作者水印");
      const src = await page.getByTestId("gallery").getByRole("img").first().getAttribute("src");
      expect(src).toMatch(/-1280-wm[0-9a-f]{10}\.webp$/);
      const marked = await page.request.get(src!);
      const clean = await page.request.get(src!.replace(/-wm[0-9a-f]{10}\.webp$/, ".webp"));
      expect(marked.headers()["content-type"]).toBe("image/webp");
      expect(Buffer.compare(await marked.body(), await clean.body())).not.toBe(0);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a repost names its source and has no licence of its own; a missing source is refused", async ({ page }) => {
    await newPost(page, "转载一张好看的海报");
    await expect(page.getByLabel("原文链接")).toBeHidden();
    await expect(page.getByLabel("许可协议")).toBeVisible();
    await page.getByRole("radio", { name: "转载" }).check();
    await expect(page.getByLabel("原文链接")).toBeVisible();
    await expect(page.getByLabel("许可协议")).toBeHidden();
    await page.getByLabel("原文链接").fill("https://example.com/poster");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page.getByText("转载请填写原作者")).toBeVisible();
    await expect(page.getByLabel("原文链接")).toHaveValue("https://example.com/poster");
    // Hostile text in the author's name is drawn as text, on the page as the browser sees it.
    const author = `甲"><img src=x onerror="document.title='pwned'">`;
    await page.getByLabel("原作者").fill(author);
    await publish(page);
    const rights = page.getByTestId("work-rights");
    await expect(rights).toContainText(`转载自 ${author}`);
    await expect(rights.getByRole("link", { name: author })).toHaveAttribute(
      "href",
      `/redirect?url=${encodeURIComponent("https://example.com/poster")}`,
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(await page.title()).not.toBe("pwned");
    await expect(rights).not.toContainText("许可协议");
  });
});

test.describe("without JavaScript, search", () => {
  test.use({ javaScriptEnabled: false });

  test("不看 AI 生成 leaves the demo's AI-made song out of the results, and the chip keeps the keyword", async ({
    page,
  }) => {
    await page.goto(`/search?q=${encodeURIComponent("星野")}`);
    const hits = page.getByTestId("search-hit");
    await expect(hits.filter({ hasText: "星野" }).first().getByTestId("ai-badge")).toHaveText("AI 生成");
    await page.getByRole("group", { name: "AI 作品" }).getByRole("link", { name: "不看 AI 生成" }).click();
    await expect(page).toHaveURL(/noAi=1/);
    await expect(page.getByRole("combobox", { name: "搜索作品" }).first()).toHaveValue("星野");
    await expect(page.getByTestId("ai-badge")).toHaveCount(0);
  });
});

test.describe("without JavaScript, defaults", () => {
  test.use({ javaScriptEnabled: false });

  test("a member's default licence and AI use start every new work's form; AI works can be hidden", async ({
    page,
  }) => {
    await register(page, uniqueName("d"));
    await page.goto("/user/profile");
    await page.getByLabel("默认许可协议").selectOption({ label: "CC0 1.0" });
    await page.getByRole("combobox", { name: "AI 使用" }).selectOption("0");
    await page.getByRole("button", { name: "保存默认设置" }).click();
    await expect(page.getByText("默认设置已保存")).toBeAttached();
    await page.goto("/art/create?type=post");
    await expect(page.getByLabel("许可协议")).toHaveValue("cc0");
    await expect(page.getByLabel("AI 使用")).toHaveValue("0");
    await page.goto("/user/temperament");
    await page.getByLabel("不看 AI 生成的作品").check();
    await page.getByRole("button", { name: "保存口味" }).click();
    await expect(page.getByText("口味已保存")).toBeAttached();
    await expect(page.getByLabel("不看 AI 生成的作品")).toBeChecked();
  });
});

test("a picture whose metadata says AI made it labels the work AI 生成, and the edit form cannot take it off", async ({
  page,
}) => {
  await newPost(page, "用模型画的一张");
  await page.getByLabel("添加图片").setInputFiles(files.made);
  await expect(page.getByTestId("image-row")).toHaveCount(1);
  await expect(page.locator("[data-uploading]")).toHaveCount(0);
  await publish(page);
  await expect(page.getByTestId("ai-badge")).toHaveText("AI 生成");
  await page.getByRole("link", { name: "编辑" }).click();
  await expect(page.getByRole("radio", { name: "无" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "AI 辅助" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "AI 生成" })).toBeChecked();
  await expect(page.getByText("图片的元数据标明由 AI 生成，作品须标注为 AI 生成")).toBeVisible();
});
