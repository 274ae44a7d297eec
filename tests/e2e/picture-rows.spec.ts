import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName, untilHydrated } from "./helpers.ts";

const dir = path.join(os.tmpdir(), "yishe-e2e-rows");
const shapes = { wide: [1600, 900], tall: [600, 800] } as const;

test.beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  for (const [name, [width, height]] of Object.entries(shapes))
    writeFileSync(
      path.join(dir, `${name}.png`),
      await sharp({ create: { width, height, channels: 3, background: "#5b8c85" } })
        .png()
        .toBuffer(),
    );
});

/** The body's pictures: where each stands and its drawn shape. */
const pictures = (page: Page) =>
  page.locator(".prose-work img").evaluateAll((imgs) =>
    imgs.map((i) => {
      const r = i.getBoundingClientRect();
      return { top: Math.round(r.top), height: r.height, shape: r.width / r.height };
    }),
  );

test("pictures on adjacent lines of a project stand in one row at one height, whole, with JavaScript on and off", async ({
  page,
  browser,
}) => {
  await register(page, uniqueName("r"));
  await page.goto("/art/create?type=project");
  await untilHydrated(page, 'textarea[name="content"]');
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("项目名称").fill("并排的草图");
  await page.getByLabel("项目主页或仓库地址").fill("https://example.com/sketches");
  const body = page.getByLabel("项目介绍", { exact: true });
  await body.fill("过程：");
  await body.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(t.value.length, t.value.length));
  await page.getByLabel("插入图片").setInputFiles([path.join(dir, "wide.png"), path.join(dir, "tall.png")]);
  await expect(body).toHaveValue(/^过程：\n\n!\[wide\]\([^)]+\)\n\n!\[tall\]\([^)]+\)\n\n$/);
  // The author puts the two pictures on adjacent lines, as the hint under the field says.
  // …and gives the first a hostile description, which must stay text.
  await body.fill(
    (await body.inputValue())
      .replace(")\n\n![tall]", ")\n![tall]")
      .replace("![wide]", '![" onerror="window.pwned=1"><img src=x onerror="window.pwned=1]'),
  );
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const work = page.url();
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
      extraHTTPHeaders: visitorHeaders(),
    });
    const visitor = await context.newPage();
    await visitor.goto(work);
    await expect(visitor.locator(".prose-work .picture-row img")).toHaveCount(2);
    const [wide, tall] = await pictures(visitor);
    expect(wide.top).toBe(tall.top);
    expect(Math.abs(wide.height - tall.height)).toBeLessThan(1);
    expect(wide.shape).toBeCloseTo(16 / 9, 1);
    expect(tall.shape).toBeCloseTo(3 / 4, 1);
    await expect(visitor.locator(".prose-work .picture-row img").first()).toHaveAttribute(
      "alt",
      '" onerror="window.pwned=1"><img src=x onerror="window.pwned=1',
    );
    if (javaScriptEnabled) expect(await visitor.evaluate(() => "pwned" in window)).toBe(false);
    await context.close();
  }
});
