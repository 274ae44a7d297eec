import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** Each card's place on the page, in the list's (the document's) order. */
async function cardBoxes(page: Page) {
  return page.getByTestId("work-card").evaluateAll((cards) =>
    cards.map((c) => {
      const r = c.getBoundingClientRect();
      return { href: c.querySelector("h3 a")?.getAttribute("href") ?? "", top: r.top + scrollY, left: r.left };
    }),
  );
}

/** The cards read as a ranking does: left to right along a row, then down to the next row, which starts at the left. */
function expectReadingOrder(boxes: Awaited<ReturnType<typeof cardBoxes>>, columns: number) {
  const lefts = [...new Set(boxes.map((b) => Math.round(b.left)))].sort((a, b) => a - b);
  expect(lefts).toHaveLength(columns);
  boxes.forEach((b, i) => {
    expect(Math.round(b.left), `card ${i + 1} stands in column ${(i % columns) + 1}`).toBe(lefts[i % columns]);
    if (i === 0) return;
    const prev = boxes[i - 1];
    if (i % columns === 0) expect(b.top, `card ${i + 1} starts a row below card ${i}`).toBeGreaterThan(prev.top + 1);
    else expect(Math.abs(b.top - prev.top), `card ${i + 1} is beside card ${i}`).toBeLessThan(1);
  });
}

for (const [width, columns] of [
  [1366, 4],
  [390, 2],
] as const)
  for (const js of [true, false])
    test.describe(`the grid at ${width}px, JavaScript ${js ? "on" : "off"}`, () => {
      test.use({ viewport: { width, height: 900 }, javaScriptEnabled: js });

      test("cards read in the list's order, and 加载更多 moves none of the cards shown", async ({ page }) => {
        await page.goto("/");
        const first = await cardBoxes(page);
        expect(first.length).toBeGreaterThan(columns * 2);
        expectReadingOrder(first, columns);
        // Covers share one shape, 4:3, whatever the pictures' own (the demo has tall ones), so the rows line up.
        const shapes = await page
          .locator("[data-testid=work-card] .cover img")
          .evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect()).map((r) => r.width / r.height));
        // How many have a cover depends on what other tests have just published (text posts rank high while new).
        expect(shapes.length).toBeGreaterThan(0);
        for (const shape of shapes) expect(shape).toBeCloseTo(4 / 3, 1);
        if (js) await page.waitForLoadState("networkidle");
        await page.getByRole("link", { name: "加载更多" }).click();
        if (js) {
          await expect.poll(async () => (await cardBoxes(page)).length).toBeGreaterThan(first.length);
          const after = await cardBoxes(page);
          // Every card already on the page stands where it stood; the new ones come after them, in order.
          expect(after.slice(0, first.length)).toEqual(first);
          expectReadingOrder(after, columns);
        } else {
          await expect(page).toHaveURL(/cursor=/);
          const next = await cardBoxes(page);
          expect(next.length).toBeGreaterThan(0);
          expect(next.map((b) => b.href)).not.toContain(first[0].href);
          expectReadingOrder(next, Math.min(columns, next.length));
        }
      });
    });

test("a node's listing reads in order too", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto("/");
  await page.goto((await page.locator('a[href^="/arts/node/"]').first().getAttribute("href"))!);
  const boxes = await cardBoxes(page);
  expectReadingOrder(boxes, Math.min(3, boxes.length));
});
