import { Webhook } from "standardwebhooks";
import { e2eServices } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

// A member points a webhook at their server: an address inside is refused, the secret is shown once, a test delivery
// arrives signed, the log says so, and 删除 ends it. With JavaScript and without.
for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a webhook is added, tested, logged and deleted", async ({ page, request }) => {
      const name = uniqueName("w");
      await register(page, name);
      await page.goto("/user/profile/account");
      await page.getByRole("link", { name: "Webhook" }).click();
      await expect(page).toHaveURL(/\/user\/profile\/webhooks$/);
      await expect(page.getByText("还没有 Webhook。")).toBeVisible();
      // The introduction reads as one Chinese sentence: no space where a line of the source broke.
      await expect(page.getByText(/^发生你关心的事时/)).toHaveText(
        /规范签名：用添加后只显示一次的密钥校验 webhook-signature。没有收到 2xx 回应/,
      );
      // Site-wide events are not offered to a member.
      await expect(page.getByText("全站：有新成员注册")).toHaveCount(0);

      await page.getByLabel("接收地址").fill("http://169.254.169.254/latest/meta-data/");
      await page.getByRole("button", { name: "添加", exact: true }).click();
      await expect(page.getByText(/不能发送到内网地址/)).toBeVisible();

      const path = `/hooks/${name}`;
      const url = `http://127.0.0.1:${e2eServices.http}${path}`;
      await page.getByLabel("接收地址").fill(url);
      await page.getByLabel("有人关注了我").check();
      await page.getByRole("button", { name: "添加", exact: true }).click();
      await expect(page.getByText("Webhook 已添加")).toBeVisible();
      const secret = await page.getByLabel("签名密钥").inputValue();
      expect(secret).toMatch(/^whsec_/);

      await page.goto("/user/profile/webhooks");
      const row = page.getByTestId("webhook-list").getByRole("listitem").filter({ hasText: url });
      await expect(row).toContainText("我的作品收到评论、有人关注了我");
      await expect(page.getByText(secret)).toHaveCount(0);
      await row.getByRole("button", { name: `测试 ${url}` }).click();
      await expect(page.getByText("测试投递已排队")).toBeVisible();

      const received = async () =>
        (await (await request.get(`http://127.0.0.1:${e2eServices.http}${path}`)).json()) as {
          headers: Record<string, string>;
          body: string;
        }[];
      await expect.poll(async () => (await received()).length, { timeout: 30_000 }).toBe(1);
      const [ping] = await received();
      expect(new Webhook(secret).verify(ping!.body, ping!.headers)).toMatchObject({ type: "ping" });

      await expect
        .poll(
          async () => {
            await page.goto("/user/profile/webhooks");
            return page.getByRole("table").getByRole("row").nth(1).textContent();
          },
          { timeout: 15_000 },
        )
        .toContain("已送达");
      await row.getByRole("button", { name: `删除 ${url}` }).click();
      await expect(page.getByText("还没有 Webhook。")).toBeVisible();
    });
  });
}
