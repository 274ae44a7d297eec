import { expect, test, visitorHeaders } from "./fixtures.ts";
import type { Browser, Page } from "@playwright/test";
import { linkIn, mailTo, ownerLogin, publishPost, register, signIn, uniqueName } from "./helpers.ts";

/**
 * Work that must not be lost (issue 55), as people see it: a member chooses notifications by mail; the owner sees
 * the queues and the mail log on /admin/jobs and runs the digest now; the digest arrives and its link unsubscribes.
 * With JavaScript and without.
 */
test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });

async function browserOf(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  return context.newPage();
}

for (const js of [true, false]) {
  test(
    `a digest chosen, sent by a job the owner runs, and one click ends it (JavaScript ${js ? "on" : "off"})`,
    js ? { tag: "@cluster" } : {},
    async ({ browser }) => {
      const author = await browserOf(browser, js);
      const username = uniqueName("mail");
      await register(author, username);
      const email = `${username}@example.com`;
      await author.goto(linkIn((await mailTo(email, "请验证你的邮箱")).text));
      const workId = await publishPost(author, `邮件摘要的作品 ${username}`);

      await author.goto("/user/profile/mail");
      await author.getByLabel("评论、回复和提及").check();
      await author.getByRole("button", { name: "保存" }).click();
      await expect(toast(author, "邮件通知已保存")).toBeVisible();
      await expect(author.getByLabel("评论、回复和提及")).toBeChecked();
      await expect(author.getByLabel("点赞、收藏和打赏")).not.toBeChecked();

      const reader = await browserOf(browser, js);
      await register(reader, uniqueName("rd"));
      await reader.goto(`/art/${workId}`);
      await reader.getByLabel("评论内容").fill("这幅画的光线真好");
      await reader.getByRole("button", { name: "发表评论" }).click();
      await expect(reader.getByText("这幅画的光线真好")).toBeVisible();

      const owner = await browserOf(browser, js);
      await signIn(owner, ownerLogin.username, ownerLogin.password);
      await owner.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
      await owner.goto("/admin/jobs");
      await expect(
        owner.getByRole("table", { name: "队列" }).getByRole("rowheader", { name: "定时发布" }),
      ).toBeVisible();
      const sent = owner.getByRole("table", { name: "邮件记录" }).getByRole("row", { name: new RegExp(email) });
      await expect(sent.first()).toContainText("已发送");
      await owner.getByLabel("立即运行").selectOption({ label: "通知邮件摘要" });
      await owner.getByRole("button", { name: "运行" }).click();
      await expect(toast(owner, "已加入队列")).toBeVisible();

      const digest = await mailTo(email, "条新通知");
      expect(digest.text).toContain("评论了你的作品");
      const off = new URL(/https?:\/\/\S+\/mail\/unsubscribe\?\S+/.exec(digest.text)![0]);
      const visitor = await browserOf(browser, js);
      await visitor.goto(off.pathname + off.search);
      await visitor.getByRole("button", { name: "确认退订" }).click();
      await expect(visitor.getByRole("status")).toHaveText("已退订：你不会再收到通知摘要邮件。");
      await author.reload();
      await expect(author.getByLabel("评论、回复和提及")).not.toBeChecked();
    },
  );
}
