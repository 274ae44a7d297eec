import type { Page } from "@playwright/test";
import { e2eServices } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

// The site's AI (issue 35), against the scripted OpenAI-compatible model of tests/e2e/support/services.ts.
const control = `http://127.0.0.1:${e2eServices.http}`;
const sentToModel = async () => ((await (await fetch(`${control}/ai/sent`)).json()) as { text: string }).text;
const slowModel = (ms: number) => fetch(`${control}/ai/delay?ms=${ms}`, { method: "POST" });

/** A post in 插画 whose text carries `word`, open to the site's AI or not; answers its address. */
async function post(page: Page, text: string, openToAi: boolean) {
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
  await page.getByLabel("AI 使用").selectOption(openToAi ? "0" : "1");
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return new URL(page.url()).pathname;
}

/** Two works about the same made-up word: one open to AI, one (CC BY-NC, AI 生成) that refused. */
async function twoWorks(page: Page) {
  const word = `霁青${uniqueName("")}`;
  await register(page, uniqueName("ai"));
  await expect(page).toHaveURL(/\/$/);
  const open = await post(page, `${word} 开放给 AI 的作品`, true);
  await page.goto("/art/create?type=post");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  const secret = `${word} 拒绝 AI 的作品，暗号${uniqueName("")}`;
  await page.getByLabel("内容").fill(secret);
  await page.getByRole("radio", { name: "AI 生成" }).check();
  await page.getByLabel("许可协议").selectOption({ label: "CC BY-NC 4.0" });
  await page.getByLabel("AI 使用").selectOption("1");
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const refused = new URL(page.url()).pathname;
  return { word, open, refused, secret };
}

const answer = (page: Page) => page.getByTestId("ai-answer").last();

/**
 * Watches how many answers the page draws: `most`, the highest count at any mutation (replayed record by record, so
 * a state that lasted less than a frame still counts), and `dips`, how often the count after a change fell below one
 * the page had shown (an answer that vanished and came back). One render replaces an answer by removing it first, so
 * a dip is read from whole changes, not single records.
 */
async function watchAnswers(page: Page) {
  await page.evaluate(() => {
    const selector = '[data-testid="ai-answer"]';
    const count = () => document.querySelectorAll(selector).length;
    const answersIn = (nodes: NodeList) =>
      [...nodes].reduce(
        (n, node) =>
          node instanceof Element ? n + (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length : n,
        0,
      );
    const seen = { most: count(), dips: 0, high: count() };
    (window as unknown as { answersSeen: typeof seen }).answersSeen = seen;
    new MutationObserver((records) => {
      const after = count();
      let now = after;
      for (const r of [...records].reverse()) {
        now += answersIn(r.removedNodes) - answersIn(r.addedNodes);
        seen.most = Math.max(seen.most, now);
      }
      seen.most = Math.max(seen.most, after);
      if (after < seen.high) seen.dips++;
      seen.high = Math.max(seen.high, after);
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { answersSeen: { most: number; dips: number } }).answersSeen);
}

test.describe("JavaScript on", () => {
  test("深度搜索 streams a cited answer that never reads the work that refused AI; the reasoning folds", async ({
    page,
  }) => {
    const { word, open, refused, secret } = await twoWorks(page);
    await slowModel(300);
    try {
      await page.goto("/ai");
      const answersSeen = await watchAnswers(page);
      await page.getByLabel("你的问题").fill(`${word} 有哪些作品？`);
      await page.locator("label", { hasText: "深度思考" }).click();
      await page.locator("label", { hasText: "深度搜索" }).click();
      await page.getByRole("button", { name: "发送" }).click();
      // While it is written: the stop button, and the reasoning open as it streams.
      await expect(page.getByRole("button", { name: "停止" })).toBeVisible();
      await expect(page.getByText("思考中…")).toBeVisible();
      await expect(page.getByTestId("ai-reasoning")).toContainText("先看看");
      // Done: the reasoning folded, the citation a link to the open work only, the label.
      await expect(page.getByRole("button", { name: "发送" })).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(/\/ai\?c=\d+/);
      await expect(page.getByText("已深度思考")).toBeVisible();
      await expect(page.getByTestId("ai-reasoning")).toBeHidden();
      await expect(page.getByRole("link", { name: /^引用 1：/ })).toHaveAttribute("href", open);
      await expect(page.locator(`a[href="${refused}"]`)).toHaveCount(0);
      await expect(page.getByTestId("ai-notice").last()).toHaveText("内容由AI生成，请注意核实");
      expect(await sentToModel()).not.toContain(secret.slice(-8));
      // The streamed answer handed over to the stored one without both being on the page at any moment.
      expect(await answersSeen()).toMatchObject({ most: 1, dips: 0 });

      // A follow-up in the same conversation: its answer stays on the page until its stored copy replaces it.
      const reread = page.waitForResponse((r) => new URL(r.url()).pathname === "/ai.data");
      await page.getByLabel("你的问题").fill("还有别的吗？");
      await page.getByRole("button", { name: "发送" }).click();
      await expect(page.getByRole("button", { name: "停止" })).toBeVisible();
      await reread;
      await expect(page.getByTestId("ai-answer")).toHaveCount(2);
      await expect(page.getByRole("button", { name: "发送" })).toBeVisible();
      expect(await answersSeen()).toMatchObject({ most: 2, dips: 0 });
    } finally {
      await slowModel(0);
    }
  });

  test("停止 ends an answer; what was written is kept, marked stopped", async ({ page }) => {
    await register(page, uniqueName("ai"));
    await expect(page).toHaveURL(/\/$/);
    await slowModel(400);
    try {
      await page.goto("/ai");
      await page.getByLabel("你的问题").fill("慢慢想一想");
      await page.locator("label", { hasText: "深度思考" }).click();
      await page.getByRole("button", { name: "发送" }).click();
      await expect(page.getByTestId("ai-reasoning")).toContainText("先看看");
      await page.getByRole("button", { name: "停止" }).click();
      await expect(page).toHaveURL(/\/ai\?c=\d+/);
      await expect(page.getByText("已停止回答")).toBeVisible();
      await expect(page.getByTestId("ai-conversations")).toContainText("慢慢想一想");
      // Stored so by the server, not only drawn so: the page read afresh says it too.
      await expect(async () => {
        await page.reload();
        await expect(page.getByText("已停止回答")).toBeVisible({ timeout: 1000 });
      }).toPass();
    } finally {
      await slowModel(0);
    }
  });

  test("the search page answers 深度搜索 above its results", async ({ page }) => {
    const { word, open } = await twoWorks(page);
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page.getByTestId("deep-search").getByRole("button", { name: "深度搜索" }).click();
    await expect(page.getByRole("link", { name: /^引用 1：/ })).toHaveAttribute("href", open);
    await expect(page.getByRole("link", { name: "在 AI 助手里继续问" })).toBeVisible();
    // Above the ordinary results.
    const panel = await page.getByTestId("deep-search").boundingBox();
    const total = await page.getByTestId("search-total").boundingBox();
    expect(panel!.y).toBeLessThan(total!.y);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and the page shows the finished, cited answer; the member deletes the conversation", async ({
    page,
  }) => {
    const { word, open } = await twoWorks(page);
    await page.goto("/ai");
    await page.getByLabel("你的问题").fill(`${word}`);
    await page.locator("label", { hasText: "深度搜索" }).click();
    await page.getByRole("button", { name: "发送" }).click();
    await expect(page).toHaveURL(/\/ai\?c=\d+#latest$/);
    await expect(answer(page)).toContainText("站内找到了");
    await expect(page.getByRole("link", { name: /^引用 1：/ })).toHaveAttribute("href", open);
    await expect(page.getByTestId("ai-notice")).toHaveText("内容由AI生成，请注意核实");
    await page.getByRole("button", { name: `删除对话：${word}` }).click();
    await expect(page.getByText("对话已删除")).toBeVisible();
    await expect(page.getByTestId("ai-conversations")).not.toContainText(word);
  });

  test("the search page's 深度搜索 answers by a form post", async ({ page }) => {
    const { word, open } = await twoWorks(page);
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page.getByTestId("deep-search").getByRole("button", { name: "深度搜索" }).click();
    await expect(page.getByRole("link", { name: /^引用 1：/ })).toHaveAttribute("href", open);
    await expect(page.getByTestId("search-total")).toBeVisible();
  });

  test("a visitor is sent to sign in", async ({ page }) => {
    await page.goto("/ai");
    await expect(page).toHaveURL(/\/user\/signin\?ref=%2Fai$/);
  });
});
