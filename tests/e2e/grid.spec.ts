import type { Page } from "@playwright/test";
import { expect, test, visitorHeaders } from "./fixtures.ts";
import { register, uniqueName, untilHydrated } from "./helpers.ts";

type Card = {
  i: number;
  href: string;
  top: number;
  left: number;
  right: number;
  picture: number;
  shown: number;
  own: number;
};
type Grid = { left: number; right: number; cards: Card[] };

/** Where the listing's cards are, and each picture's drawn and own shape. */
const measure = (page: Page, selector = "[data-testid=work-feed]") =>
  page
    .locator(selector)
    .first()
    .evaluate((grid): Grid => {
      const g = grid.getBoundingClientRect();
      const cards = [...grid.querySelectorAll<HTMLElement>("[data-testid=work-card]")].map((card, i) => {
        const r = card.getBoundingClientRect();
        const face = card.querySelector<HTMLElement>(".cover img, .face")!;
        const p = face.getBoundingClientRect();
        const img = face instanceof HTMLImageElement && face.naturalWidth ? face : null;
        return {
          i,
          href: card.querySelector('a[href^="/art/"]')?.getAttribute("href") ?? "",
          top: Math.round(r.top + window.scrollY),
          left: r.left,
          right: r.right,
          picture: p.height,
          shown: p.width / p.height,
          own: img ? img.naturalWidth / img.naturalHeight : 0,
        };
      });
      return { left: g.left, right: g.right, cards };
    });

/** Cards by row, top to bottom. */
function rowsOf(grid: Grid): Card[][] {
  const rows = new Map<number, Card[]>();
  for (const c of grid.cards) rows.set(c.top, [...(rows.get(c.top) ?? []), c]);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, cards]) => cards);
}

/** Every picture of the page loaded (the lazy ones come as the page is scrolled). */
async function loadAll(page: Page) {
  // Scrolled from here, not by a script in the page: with JavaScript off the page runs none.
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() =>
      // A picture the page does not draw (the shelf's cards beyond a phone's pair) is never fetched: it does not count.
      page
        .locator(".work-card .cover img")
        .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete || !i.checkVisibility())),
    )
    .toBe(true);
}

function expectJustified(grid: Grid, perRow?: number) {
  const rows = rowsOf(grid);
  expect(rows.length).toBeGreaterThan(2);
  // Reading order: left to right, then down, is the list's order.
  expect(rows.flat().map((c) => c.i)).toEqual(grid.cards.map((c) => c.i));
  for (const [n, row] of rows.entries()) {
    expect(row.map((c) => c.left)).toEqual([...row.map((c) => c.left)].sort((a, b) => a - b));
    // One height a row, for pictures and text faces alike.
    for (const c of row) expect(Math.abs(c.picture - row[0].picture)).toBeLessThan(1.5);
    if (n === rows.length - 1) continue;
    if (perRow) expect(row).toHaveLength(perRow);
    // Edge to edge.
    expect(Math.abs(row[0].left - grid.left)).toBeLessThan(1);
    expect(Math.abs(row[row.length - 1].right - grid.right)).toBeLessThan(1.5);
  }
  // No picture cropped: each is drawn at its own shape, unless it is beyond the limits (1:2 to 5:2), which hold it.
  const pictures = grid.cards.filter((c) => c.own);
  // (How many cards have pictures depends on what other tests have just published: text posts rank high while new.)
  expect(pictures.length).toBeGreaterThan(0);
  for (const c of pictures) expect(Math.abs(c.shown / Math.min(2.5, Math.max(0.5, c.own)) - 1)).toBeLessThan(0.02);
}

/**
 * A listing of the demo's pictures (摄影, node 2): the site's newest works are often the other tests' text posts, which
 * left /arts without a picture on its first page.
 */
const PICTURES = "/arts/node/2";

test.describe("a listing shows whole pictures in justified rows", () => {
  test("on a wide screen: full rows of one height, in the list's order, and nothing moves as pictures arrive", async ({
    browser,
  }) => {
    const viewport = { width: 1280, height: 900 };
    // First with every picture refused: where the cards stand before any arrives…
    const bare = await browser.newContext({ viewport, extraHTTPHeaders: visitorHeaders() });
    const before = await bare.newPage();
    await before.route("**/uploads/**", (route) => route.abort());
    await before.goto(PICTURES);
    const empty = await measure(before);
    await bare.close();
    // …and then with all of them.
    const context = await browser.newContext({ viewport, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    await page.goto(PICTURES);
    await loadAll(page);
    const grid = await measure(page);
    expectJustified(grid);
    // Pictures of more than one shape (the demo's and the tests' uploads), each whole.
    expect(new Set(grid.cards.filter((c) => c.own).map((c) => c.own.toFixed(2))).size).toBeGreaterThan(1);
    // Rows of several, not a column of one.
    expect(Math.max(...rowsOf(grid).map((r) => r.length))).toBeGreaterThan(2);
    expect(
      grid.cards.map(({ top, left, right }) => ({ top, left: Math.round(left), right: Math.round(right) })),
    ).toEqual(empty.cards.map(({ top, left, right }) => ({ top, left: Math.round(left), right: Math.round(right) })));
    // Every shift the page reported since it began (buffered), however many; none is none.
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) sum += (e as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => done(sum), 300);
        }),
    );
    expect(shifted).toBe(0);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false])
    test(`on a phone, two a row sharing its width by their shapes (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled,
        extraHTTPHeaders: visitorHeaders(),
      });
      const page = await context.newPage();
      await page.goto("/");
      await loadAll(page);
      expectJustified(await measure(page), 2);
      await context.close();
    });

  test("a work without pictures shows its title and opening lines on its face, and the face opens it", async ({
    page,
  }) => {
    const nickname = await register(page, uniqueName("j"));
    await page.goto("/art/create?type=article");
    await untilHydrated(page, 'textarea[name="content"]');
    await page.getByLabel("节点").selectOption({ label: "插画" });
    await page.getByLabel("标题").fill("水彩纸为什么会起皱");
    await page
      .getByLabel("正文", { exact: true })
      .fill("纸吸了水会膨胀，干的地方不动，于是鼓起来。先把纸裱在板上，再上色。");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(/\/art\/\d+$/);
    const work = page.url();
    // The author's page lists theirs alone.
    await page.locator("main").getByRole("link", { name: nickname }).first().click();
    await expect(page).toHaveURL(/\/user\/\d+$/);
    const face = page.locator(".work-card .face");
    await expect(face.getByRole("heading")).toHaveText("水彩纸为什么会起皱");
    await expect(face.locator(".excerpt")).toHaveText(
      "纸吸了水会膨胀，干的地方不动，于是鼓起来。先把纸裱在板上，再上色。",
    );
    // A click anywhere on the face (here, on its opening lines) follows the title's link.
    const lines = (await face.locator(".excerpt").boundingBox())!;
    const box = (await face.boundingBox())!;
    await face.click({ position: { x: lines.x - box.x + 4, y: lines.y - box.y + lines.height / 2 } });
    await expect(page).toHaveURL(work);
  });
});

test.describe("加载更多", () => {
  for (const js of [true, false])
    test(`adds rows below and moves no row above the last (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        javaScriptEnabled: js,
        extraHTTPHeaders: visitorHeaders(),
      });
      const page = await context.newPage();
      await page.goto("/");
      const first = await measure(page);
      expectJustified(first);
      if (js) await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: "加载更多" }).click();
      if (js) {
        await expect.poll(async () => (await measure(page)).cards.length).toBeGreaterThan(first.cards.length);
        const after = await measure(page);
        // The rows above the last stand as they stood; the last one fills out with the first of the new cards.
        const rows = rowsOf(first);
        const kept = rows.slice(0, -1).flat();
        const place = ({ href, top, left, right }: Card) => ({
          href,
          top,
          left: Math.round(left),
          right: Math.round(right),
        });
        expect(after.cards.slice(0, kept.length).map(place)).toEqual(kept.map(place));
        const last = rows[rows.length - 1];
        expect(after.cards.slice(kept.length, first.cards.length).map((c) => [c.href, c.top])).toEqual(
          last.map((c) => [c.href, c.top]),
        );
        expectJustified(after);
      } else {
        await expect(page).toHaveURL(/cursor=/);
        const next = await measure(page);
        expect(next.cards.length).toBeGreaterThan(0);
        expect(next.cards.map((c) => c.href)).not.toContain(first.cards[0].href);
      }
      await context.close();
    });

  test("a node's listing is in justified rows too", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto("/");
    await page.goto((await page.locator('a[href^="/arts/node/"]').first().getAttribute("href"))!);
    const grid = await measure(page);
    const rows = rowsOf(grid);
    expect(rows.flat().map((c) => c.i)).toEqual(grid.cards.map((c) => c.i));
    for (const row of rows.slice(0, -1)) expect(Math.abs(row[row.length - 1].right - grid.right)).toBeLessThan(1.5);
  });
});
