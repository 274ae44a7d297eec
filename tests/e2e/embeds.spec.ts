import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName, untilHydrated } from "./helpers.ts";

type Card = { artId: number; title: string; summary: string };

test("a link on a line of its own shows a track as its card and player, and another site as its card", async ({
  page,
  browser,
  request,
}) => {
  const tracks = (await (await request.get("/api/art/list?order=newest&type=4&limit=1")).json()) as {
    data: { results: Card[] };
  };
  const track = tracks.data.results[0];
  await register(page, uniqueName("e"));
  await page.goto("/art/create?type=article");
  await untilHydrated(page, 'textarea[name="content"]');
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("标题").fill("配乐与作品集");
  const body = page.getByLabel("正文", { exact: true });
  await body.fill(`这张画的配乐：\n\n/art/${track.artId}\n\nhttps://folio.example/me\n\n谢谢收听。`);
  // The preview shows the other site's card as the page will; this site's work is looked up when published.
  await page.getByRole("tab", { name: "预览" }).click();
  await expect(page.getByTestId("markdown-preview").locator("a.embed-link .embed-host")).toHaveText("folio.example");
  await page.getByRole("tab", { name: "编辑" }).click();
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const work = page.url();

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: visitorHeaders() });
    const visitor = await context.newPage();
    await visitor.goto(work);
    const block = visitor.locator(".prose-work figure.embed-work");
    await expect(block).toHaveCount(1);
    await expect(block.locator(".embed-kind")).toContainText("音乐");
    await expect(block.locator("strong")).toHaveText(track.title || track.summary);
    await expect(block.locator("audio")).toHaveAttribute("aria-label", `播放 ${track.title || track.summary}`);
    const src = await block.locator("audio").getAttribute("src");
    expect(src).toMatch(/^\/uploads\/.+\.wav$/);
    // The track plays where it stands: the file is served to the player.
    expect((await visitor.request.get(src!)).status()).toBe(200);
    const link = visitor.locator(".prose-work a.embed-link");
    await expect(link.locator(".embed-host")).toHaveText("folio.example");
    await expect(link).toHaveAttribute("href", "/redirect?url=https%3A%2F%2Ffolio.example%2Fme");
    await block.locator("a.embed-open").click();
    await expect(visitor).toHaveURL(new RegExp(`/art/${track.artId}$`));
    await context.close();
  }
});
