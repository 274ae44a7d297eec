import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { type Page } from "@playwright/test";
import { ownerLogin, register, solveCaptcha, uniqueName, untilHydrated } from "./helpers.ts";

const hostile = `"><img src=x onerror=alert(1)>`;
const picture = path.join(os.tmpdir(), "yishe-e2e-files", "hostile.png");

/** Records what a page must never do: open a dialog, break its CSP, or ask for the attacker's image. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], violations: [] as string[], requests: [] as string[] };
  page.on("dialog", async (d) => {
    seen.dialogs.push(d.message());
    await d.dismiss();
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.violations.push(m.text());
  });
  page.on("request", (r) => {
    if (/\/x$/.test(new URL(r.url()).pathname)) seen.requests.push(r.url());
  });
  return seen;
}

test.beforeAll(async () => {
  mkdirSync(path.dirname(picture), { recursive: true });
  writeFileSync(
    picture,
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#264653" } })
      .png()
      .toBuffer(),
  );
});

test("hostile alt text and titles stay text in the picture viewer", async ({ page }) => {
  const seen = watch(page);
  await register(page, uniqueName("x"));
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/art/create");
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(hostile);
  await page.getByLabel("添加图片").setInputFiles([picture, picture]);
  const rows = page.getByTestId("image-row");
  await expect(rows).toHaveCount(2);
  // Each row offers the cover choice once its upload is done.
  for (const i of [0, 1]) await expect(rows.nth(i).getByRole("radio", { name: "封面" })).toBeVisible();
  // The first picture has hostile alt text; the second has none, so the title stands in for it.
  await page.getByLabel("第1张图片的说明").fill(hostile);
  await page.getByRole("button", { name: "发布" }).click();
  await expect(page).toHaveURL(/\/art\/\d+$/);
  const gallery = page.getByTestId("gallery");
  await expect(gallery).toHaveAttribute("data-gallery-ready", "true");
  for (const index of [0, 1]) {
    await gallery.getByRole("link").nth(index).click();
    const viewer = page.locator(".lg-container.lg-show .lg-outer");
    await expect(viewer).toBeVisible();
    // The viewer's alt is the page's own alt, as text: the hostile one, or the title standing in for it.
    const alt = (await gallery.getByRole("img").nth(index).getAttribute("alt"))!;
    expect(alt).toContain(index === 0 ? hostile : "<img src=x onerror=alert(1)");
    await expect(viewer.locator(".lg-current img.lg-image")).toHaveAttribute("alt", alt);
    await expect(viewer.locator("img[src='x']")).toHaveCount(0);
    if (index === 0) await expect(viewer.locator(".lg-sub-html")).toHaveText(hostile);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  }
  // The work's JSON-LD carries the text as data, and the search page shows it back marked, as text.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(JSON.stringify(ld)).toContain("onerror=alert(1)");
  await page.goto("/search?q=onerror");
  const hit = page.getByTestId("search-hit").first();
  await expect(hit.locator("mark").first()).toHaveText("onerror");
  await expect(hit).toContainText(hostile);
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(seen).toEqual({ dialogs: [], violations: [], requests: [] });
});

test("hostile text in a card whose markup the server keeps stays text, and the card hydrates", async ({ page }) => {
  const seen = watch(page);
  const name = uniqueName("k");
  await register(page, name, "secret123", `${hostile}${name.slice(-6)}`);
  const token = (await page.context().cookies()).find((c) => c.name === "token")!.value;
  const nodes = await (await page.request.get("/api/art/nodes")).json();
  const nodeId = nodes.data.find((n: { name: string }) => n.name === "手作").nodeId as number;
  // Five works: the newest four of a listing are drawn live, so at least one of these is a kept card.
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post("/api/art/create", {
      headers: { "X-User-Token": token },
      form: { type: 0, nodeId, title: `${hostile}${name}${i}`, summary: hostile, content: `正文${hostile}` },
    });
    expect((await res.json()).success).toBe(true);
  }
  const cards = page.getByTestId("work-card");
  let kept = -1;
  // Behind the proxy the listing may come from the other server, which hears of new works a moment later.
  await expect
    .poll(async () => {
      await page.goto(`/arts/node/${nodeId}`);
      const titles = await cards.locator("h3").allTextContents();
      return (kept = titles.findIndex((t, i) => i >= 4 && t.includes(name)));
    })
    .toBeGreaterThanOrEqual(4);
  await expect(cards.nth(kept).locator("h3")).toContainText(`${hostile}${name}`);
  // A nickname keeps its first 20 characters.
  await expect(cards.nth(kept).locator(".author")).toContainText(hostile.slice(0, 20));
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  // React owns the kept card's nodes once the page has hydrated.
  await untilHydrated(page, `[data-testid=work-feed] > article:nth-of-type(${kept + 1}) a[href^=\"/art/\"]`);
  await page.waitForTimeout(300);
  expect(seen).toEqual({ dialogs: [], violations: [], requests: [] });
});

test("words that look like the held scripts' markup stay text, and the page still starts its scripts", async ({
  page,
}) => {
  // app/speed/scripts-after-paint.server.ts rewrites two pieces of React Router's markup in every page: a member who
  // writes them must neither have them rewritten nor start a script of their own.
  const seen = watch(page);
  const title = `<link rel="modulepreload" href="/x"> type="module" async=""${hostile}`;
  const lookalike = `<link rel="modulepreload" href="/x"><script type="module" async="">alert(1)</script>${hostile}`;
  const token = await register(page, uniqueName("h")).then(async () => {
    return (await page.context().cookies()).find((c) => c.name === "token")!.value;
  });
  const nodes = await (await page.request.get("/api/art/nodes")).json();
  const res = await page.request.post("/api/art/create", {
    headers: { "X-User-Token": token },
    form: { type: 0, nodeId: nodes.data[0].nodeId, title, content: `正文 ${lookalike}` },
  });
  const made = await res.json();
  expect(made.success).toBe(true);
  await page.goto(`/art/${(made.data as { artId: number }).artId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.getByTestId("work-detail")).toContainText(`正文 ${lookalike}`);
  // The page's own scripts started and hydrated it (the fixture waited for it); the member's did nothing.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(page.locator('script[type="module"]')).toHaveCount(1);
  await expect(page.locator('link[href="/x"]')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(seen).toEqual({ dialogs: [], violations: [], requests: [] });
});

test("a hostile nickname in who to follow stays text in the strip and its data, and 关注 still works", async ({
  page,
}) => {
  // Who to follow reads the active creators once a minute a process: the author may take that long to appear.
  test.setTimeout(180_000);
  const seen = watch(page);
  const nodes = await (await page.request.get("/api/art/nodes")).json();
  const nodeId = nodes.data.find((n: { name: string }) => n.name === "三维动画").nodeId as number;
  const publish = async (content: string) => {
    const token = (await page.context().cookies()).find((c) => c.name === "token")!.value;
    const res = await page.request.post("/api/art/create", {
      headers: { "X-User-Token": token },
      form: { type: 1, nodeId, content },
    });
    expect((await res.json()).success).toBe(true);
  };
  // The author: a nickname that would end the page's data script, and six works in a quiet node.
  const author = uniqueName("w");
  const nickname = `</script><img${author.slice(-6)}`;
  await register(page, author, "secret123", nickname);
  for (let i = 0; i < 6; i++) await publish(`建模练习 ${i}`);
  // The viewer publishes in the same node, so the author comes first among the people to follow.
  await page.context().clearCookies();
  await register(page, uniqueName("v"));
  await publish("我也在做三维");
  const person = page.getByTestId("who-to-follow").getByRole("listitem").filter({ hasText: nickname });
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return person.count();
      },
      { timeout: 150_000, intervals: [2_000, 5_000] },
    )
    .toBe(1);
  await expect(person.getByText(nickname, { exact: true })).toBeVisible();
  // Written into the page as it is, the nickname would have opened an element of that name.
  await expect(page.locator(`img${author.slice(-6)}`)).toHaveCount(0);
  // The page hydrated from its data script: the strip's button follows in place.
  await untilHydrated(page, "[data-testid=who-to-follow] [data-testid=follow-button]");
  await person.getByTestId("follow-button").click();
  await expect(page.locator(".toast", { hasText: "关注成功" })).toBeAttached();
  await page.waitForTimeout(300);
  expect(seen).toEqual({ dialogs: [], violations: [], requests: [] });
});

test("the main pages run under the CSP: gallery, QR code, theme, service worker, sign-in", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/");
  await expect(page.getByTestId("work-card").first()).toBeVisible();
  await page.getByRole("button", { name: "深色" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.goto("/art/4");
  await page.getByText("↗ 分享").click();
  const qr = page.getByTestId("share-menu").getByRole("img", { name: "作品链接的二维码" });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto("/different");
  const withPictures = page
    .getByTestId("work-card")
    .filter({ has: page.locator("img[width]") })
    .first();
  await withPictures.getByRole("heading").getByRole("link").click();
  const gallery = page.getByTestId("gallery");
  await expect(gallery).toHaveAttribute("data-gallery-ready", "true");
  await gallery.getByRole("link").first().click();
  await expect(page.locator(".lg-container.lg-show .lg-outer")).toBeVisible();
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
  await page.goto("/user/signin");
  await expect(page.getByRole("img", { name: "图形验证码" })).toBeVisible();
  await page.goto("/search?q=%E6%8F%92%E7%94%BB");
  expect(seen.violations).toEqual([]);
  expect(seen.dialogs).toEqual([]);
});

test.describe("sign-in return path with JavaScript", () => {
  test("a visitor who clicks 发布作品 signs in and lands on the page, not its data URL", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "发布作品" }).first().click();
    await expect(page).toHaveURL(/\/user\/signin\?ref=%2Fart%2Fcreate$/);
    await page.getByLabel("用户名或邮箱").fill(ownerLogin.username);
    await page.getByLabel("密码", { exact: true }).fill(ownerLogin.password);
    await solveCaptcha(page);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/art\/create$/);
    await expect(page.getByRole("button", { name: "发布" })).toBeVisible();
  });
});

test("a work counts one view per visit: a like's revalidation adds none, a client-side arrival adds one", async ({
  page,
  request,
}) => {
  const views = async (id: string) =>
    ((await (await request.get(`/api/art/${id}`)).json()) as { data: { viewCount: number } }).data.viewCount;
  await register(page, uniqueName("v"));
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/art/7");
  const before = await views("7");
  await page.getByTestId("like-button").click();
  await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  await page.waitForLoadState("networkidle");
  expect(await views("7")).toBe(before);
  // Arriving at a work by a link (a client-side navigation) is one view. The work is one no other test opens (tests
  // run in parallel on one site, and any other visit would count too): the calligraphy article found by search.
  await page.goto("/search?q=%E9%80%89%E7%9F%B3");
  const link = page.getByTestId("search-hit").first().getByRole("heading").getByRole("link");
  const href = (await link.getAttribute("href"))!;
  const id = href.split("/").pop()!;
  const arrived = await views(id);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect.poll(() => views(id)).toBe(arrived + 1);
  await page.waitForTimeout(300);
  expect(await views(id)).toBe(arrived + 1);
});
