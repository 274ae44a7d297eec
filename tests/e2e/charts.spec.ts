import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { ownerLogin, register, signIn, uniqueName } from "./helpers.ts";

/** Each place on the chart as it stands on the page, in the document's order. */
async function places(page: Page) {
  return page.getByTestId("chart-place").evaluateAll((items) =>
    items.map((li) => {
      const r = li.getBoundingClientRect();
      return {
        rank: Number(li.querySelector(".chart-rank")?.textContent?.replace(/\D/g, "")),
        score: Number(li.querySelector(".chart-score")?.textContent?.replace(/\D/g, "")),
        href: li.querySelector('a[href^="/art/"]')?.getAttribute("href") ?? "",
        top: r.top + scrollY,
        left: r.left,
      };
    }),
  );
}

for (const [width, columns] of [
  [1366, 4],
  [390, 2],
] as const)
  for (const js of [true, false])
    test.describe(`the charts at ${width}px, JavaScript ${js ? "on" : "off"}`, () => {
      test.use({ viewport: { width, height: 900 }, javaScriptEnabled: js });

      test("rank the works in reading order, by period and by node, and move between periods", async ({ page }) => {
        await page.goto("/");
        await page.getByRole("navigation", { name: "作品分类" }).getByRole("link", { name: "排行榜" }).click();
        await expect(page).toHaveURL(/\/charts$/);
        await expect(page.getByRole("heading", { level: 1, name: "日榜" })).toBeVisible();
        await page.getByRole("navigation", { name: "排行榜周期" }).getByRole("link", { name: "月榜" }).click();
        await expect(page).toHaveURL(/period=month/);
        await expect(page.getByRole("heading", { level: 1, name: "月榜" })).toBeVisible();
        const month = await places(page);
        // The demo's month has more works liked than a row holds.
        expect(month.length).toBeGreaterThan(columns);
        month.forEach((p, i) => {
          expect(p.rank).toBe(i + 1);
          if (i > 0) expect(p.score).toBeLessThanOrEqual(month[i - 1].score);
        });
        // In justified rows, left to right along a row, then down: reading order is the ranking's. A phone has two
        // a row; a wide screen more (whole pictures, as many as fit).
        const rows = [...Map.groupBy(month, (p) => Math.round(p.top)).entries()].sort((a, b) => a[0] - b[0]);
        const read = rows.flatMap(([, row]) => [...row].sort((a, b) => a.left - b.left));
        expect(read.map((p) => p.rank)).toEqual(month.map((p) => p.rank));
        const full = rows.slice(0, -1).map(([, row]) => row.length);
        if (columns === 2) expect(new Set(full)).toEqual(new Set([2]));
        else expect(Math.max(...full)).toBeGreaterThan(2);
        // One node's month holds only that node's works, and the period stays.
        const nodes = page.getByRole("navigation", { name: "排行榜节点" });
        await nodes.getByRole("link", { name: "插画" }).click();
        await expect(page).toHaveURL(/period=month&nodeId=\d+/);
        await expect(page.getByRole("heading", { level: 1, name: "插画 · 月榜" })).toBeVisible();
        await expect(nodes.getByRole("link", { name: "插画" })).toHaveAttribute("aria-current", "page");
        // The month before, and back.
        await page.getByRole("link", { name: "← 上一月" }).click();
        await expect(page).toHaveURL(/date=\d{4}-\d{2}-01/);
        await expect(page.getByTestId("chart-period")).not.toContainText("统计中");
        await page.getByRole("link", { name: "下一月 →" }).click();
        await expect(page.getByTestId("chart-period")).toContainText("统计中");
      });
    });

/** Likes a work from the page of each place in turn, the first this member has not liked yet; answers its place. */
async function likeOne(page: Page, list: Awaited<ReturnType<typeof places>>) {
  for (const place of list) {
    await page.goto(place.href);
    const button = page.getByTestId("like-button");
    if ((await button.getAttribute("aria-pressed")) === "true") continue;
    // The button shows the like at once; leaving before the post is answered could cancel it (CI saw the chart
    // unchanged once).
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await button.click();
    await answered;
    await expect(button).toHaveAttribute("aria-pressed", "true");
    return place;
  }
  throw new Error("every work on the chart is liked already");
}

for (const js of [true, false])
  test(`a fresh account's like moves no chart; a member with standing raises the work, JavaScript ${js ? "on" : "off"}`, async ({
    browser,
  }) => {
    const fresh = await browser.newContext({ javaScriptEnabled: js });
    const page = await fresh.newPage();
    await register(page, uniqueName("c"));
    await page.goto("/charts");
    const before = await places(page);
    const liked = await likeOne(page, before);
    await page.goto("/charts");
    // Counted on the work, weighing nothing on the chart: the account is minutes old (contract/charts/charts.ts).
    expect((await places(page)).find((p) => p.href === liked.href)?.score).toBe(liked.score);
    await fresh.close();

    const staff = await browser.newContext({ javaScriptEnabled: js });
    const owner = await staff.newPage();
    await signIn(owner, ownerLogin.username, ownerLogin.password);
    await owner.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
    await owner.goto("/charts");
    const first = await likeOne(owner, await places(owner));
    await owner.goto("/charts");
    const after = (await places(owner)).find((p) => p.href === first.href);
    expect(after!.score).toBeGreaterThan(first.score);
    expect(after!.rank).toBeLessThanOrEqual(first.rank);
    await staff.close();
  });
