import { expect, test, visitorHeaders } from "./fixtures.ts";
import type { Browser, Page } from "@playwright/test";
import { register, uniqueName } from "./helpers.ts";
import { e2eServices } from "../../playwright.config.ts";
import { browserKeys, openPush } from "../../api/test/push-service.ts";

/**
 * 推送通知 in Chromium. Chromium subscribes only through Google's push service, which this closed network cannot
 * reach, so the one call that would go there (PushManager.subscribe) hands back a subscription at the tests' push
 * service instead, with keys made here; everything else is the browser's: the page's script, the permission, the
 * service worker showing what the site pushed (delivered to it over the DevTools protocol, as a push service would).
 */
const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });

async function member(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  const nickname = await register(page, uniqueName("p"));
  const href = await page.locator('a:text-is("个人中心")').first().getAttribute("href");
  return { context, page, nickname, id: Number(href?.split("/").pop()) };
}

test(
  "a private message reaches a device that chose 私信, shown by the service worker",
  { tag: "@cluster" },
  async ({ browser }) => {
    const me = await member(browser);
    const path = `/push/${uniqueName("dev")}`;
    const endpoint = `http://127.0.0.1:${e2eServices.http}${path}`;
    const keys = browserKeys();
    await me.context.grantPermissions(["notifications"]);
    await me.context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const stored = () => localStorage.getItem("test-push-key");
        const subscription = (key: string) => ({
          endpoint,
          options: {
            applicationServerKey: Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
              c.charCodeAt(0),
            ).buffer,
          },
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
          unsubscribe: async () => (localStorage.removeItem("test-push-key"), true),
        });
        PushManager.prototype.getSubscription = async () => (stored() ? (subscription(stored()!) as never) : null);
        PushManager.prototype.subscribe = async (o?: PushSubscriptionOptionsInit) => {
          const key = btoa(String.fromCharCode(...new Uint8Array(o!.applicationServerKey as Uint8Array)));
          const text = key.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
          localStorage.setItem("test-push-key", text);
          return subscription(text) as never;
        };
      },
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
    );
    await me.page.goto("/user/profile/push");
    await expect(me.page.getByLabel("私信")).not.toBeChecked();
    await me.page.getByLabel("私信").check();
    await me.page.getByRole("button", { name: "保存" }).click();
    await expect(toast(me.page, "推送通知已保存")).toBeVisible();
    await expect(me.page.getByLabel("私信")).toBeChecked();
    await expect(me.page.getByLabel("约稿进展")).not.toBeChecked();

    const device = me.page.getByTestId("push-device");
    await device.getByRole("button", { name: "在这台设备上开启推送" }).click();
    await expect(device).toContainText("这台设备已开启推送");
    await me.page.reload();
    await expect(me.page.getByRole("list", { name: "已开启推送的设备" })).toContainText("Chrome · Windows");
    await expect(device.getByRole("button", { name: "关闭这台设备的推送" })).toBeVisible();

    const other = await member(browser);
    await other.page.goto(`/user/messages/chat/${me.id}`);
    const hello = "周末一起去写生吗？<b>带上画板</b>";
    await other.page.getByLabel("私信内容").fill(hello);
    await other.page.getByRole("button", { name: "发送" }).click();
    await expect(other.page.getByTestId("chat-message").last()).toContainText(hello);

    let pushed: { headers: Record<string, string>; body: string }[] = [];
    await expect
      .poll(async () => (pushed = await (await fetch(`http://127.0.0.1:${e2eServices.http}${path}`)).json()).length)
      .toBe(1);
    const payload = openPush(Buffer.from(pushed[0].body, "base64"), keys);
    expect(JSON.parse(payload)).toEqual({
      title: `${other.nickname} 给你发来私信`,
      body: hello,
      url: `/user/messages/chat/${other.id}`,
      tag: `chat-${other.id}`,
    });

    // What the push service would hand the browser: the service worker shows it, as text.
    const cdp = await me.context.newCDPSession(me.page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
    const origin = new URL(me.page.url()).origin;
    const registrationId = registrations.find((r) => !r.isDeleted)!.registrationId;
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: payload });
    const shown = () =>
      me.page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag]),
      );
    await expect.poll(shown).toEqual([[`${other.nickname} 给你发来私信`, hello, `chat-${other.id}`]]);

    // 关闭 here: the address is forgotten, and the list no longer has it.
    await device.getByRole("button", { name: "关闭这台设备的推送" }).click();
    await expect(device).toContainText("这台设备还没有开启推送");
    await me.page.reload();
    await expect(me.page.getByText("还没有设备开启推送")).toBeVisible();

    // On again, then 退出登录: the address goes with the sign-out, and the next message is not pushed here.
    await device.getByRole("button", { name: "在这台设备上开启推送" }).click();
    await expect(device).toContainText("这台设备已开启推送");
    await me.page.reload();
    await expect(me.page.getByRole("list", { name: "已开启推送的设备" })).toBeVisible();
    // The page is the service worker's now: its requests are the context's to watch.
    const signedOut = me.context.waitForEvent("request", (r) => new URL(r.url()).pathname.startsWith("/user/signout"));
    await me.page.getByLabel("用户菜单").click();
    // A person's click comes after the menu's look-up of this browser's address; the test's could come before it.
    await expect(me.page.locator('input[name="pushEndpoint"]').first()).toHaveValue(endpoint);
    await me.page.getByRole("button", { name: "退出登录" }).first().click();
    expect((await signedOut).postData()).toContain(`pushEndpoint=${encodeURIComponent(endpoint)}`);
    await expect(me.page.getByLabel("用户菜单")).toHaveCount(0);
    await other.page.getByLabel("私信内容").fill("你还在吗");
    await other.page.getByRole("button", { name: "发送" }).click();
    await expect(other.page.getByTestId("chat-message").last()).toContainText("你还在吗");
    await other.page.waitForTimeout(1500);
    expect(await (await fetch(`http://127.0.0.1:${e2eServices.http}${path}`)).json()).toHaveLength(1);
    await Promise.all([me.context.close(), other.context.close()]);
  },
);

test("without JavaScript the kinds are chosen by a plain form, and the page says what a device needs", async ({
  browser,
}) => {
  const me = await member(browser, false);
  await me.page.goto("/user/profile/push");
  await expect(me.page.getByTestId("push-device")).toContainText("需要浏览器运行本页的脚本");
  await expect(me.page.getByRole("button", { name: "在这台设备上开启推送" })).toHaveCount(0);
  await me.page.getByLabel("约稿进展").check();
  await me.page.getByLabel("评论、回复和提及").check();
  await me.page.getByRole("button", { name: "保存" }).click();
  await expect(toast(me.page, "推送通知已保存")).toBeAttached();
  await expect(me.page.getByLabel("约稿进展")).toBeChecked();
  await expect(me.page.getByLabel("私信")).not.toBeChecked();
  await me.page.getByLabel("约稿进展").uncheck();
  await me.page.getByLabel("评论、回复和提及").uncheck();
  await me.page.getByRole("button", { name: "保存" }).click();
  await expect(toast(me.page, "已关闭全部推送")).toBeAttached();
  await me.context.close();
});
