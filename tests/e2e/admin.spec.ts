import { expect, test, visitorHeaders } from "./fixtures.ts";
import { type Browser, type Page, type Route } from "@playwright/test";
import { ownerLogin, register, signIn, solveCaptcha, uniqueName, untilHydrated } from "./helpers.ts";

// Each journey has two or three people in browsers of their own.
test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });
/** Markup that would run if any page put it into HTML unescaped; `__pwned` tells. */
const hostile = (tag: string) => `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>${tag}`;
const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

async function browserOf(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", extraHTTPHeaders: visitorHeaders() });
  return context.newPage();
}

/** A new member in a browser of their own: the page, their id and nickname. */
async function member(browser: Browser, javaScriptEnabled: boolean, prefix = "m") {
  const page = await browserOf(browser, javaScriptEnabled);
  const username = uniqueName(prefix);
  const nickname = await register(page, username);
  const href = await page.locator('a:text-is("个人中心")').first().getAttribute("href");
  return { page, username, nickname, id: Number(href?.split("/").pop()) };
}

async function owner(browser: Browser, javaScriptEnabled: boolean) {
  const page = await browserOf(browser, javaScriptEnabled);
  await signIn(page, ownerLogin.username, ownerLogin.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/user/signin"));
  return page;
}

async function publishPost(page: Page, text: string, tags = "") {
  await page.goto("/art/create");
  await page.getByRole("navigation", { name: "作品类型" }).getByRole("link", { name: /^动态/ }).click();
  await page.getByLabel("节点").selectOption({ label: "插画" });
  await page.getByLabel("内容").fill(text);
  if (tags) await page.getByLabel("标签", { exact: true }).fill(tags);
  await page.getByRole("button", { name: "发布" }).click();
}

async function publishedPost(page: Page, text: string, tags = "") {
  await publishPost(page, text, tags);
  await expect(page).toHaveURL(/\/art\/\d+$/);
  return Number(page.url().split("/").pop());
}

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a member reports a work with hostile words; the owner hides it from the queue and both are told", async ({
      browser,
    }) => {
      const author = await member(browser, js, "a");
      const title = `被举报的画${uniqueName("w")}`;
      const workId = await publishedPost(author.page, title);
      const reporter = await member(browser, js, "r");
      const page = reporter.page;
      await page.goto(`/art/${workId}`);
      await page.getByRole("link", { name: "举报这件作品" }).click();
      await expect(page).toHaveURL(/\/report\?target=work/);
      await expect(page.getByTestId("report-what")).toHaveText(title);
      await page.getByRole("button", { name: "提交举报" }).click();
      await expect(page.getByText("请选择举报原因")).toBeVisible();
      await page.getByLabel("其他").check();
      await page.getByRole("button", { name: "提交举报" }).click();
      await expect(page.getByText("选择“其他”时请写明原因")).toBeVisible();
      const detail = hostile(uniqueName("d"));
      await page.getByLabel("补充说明").fill(detail);
      await page.getByRole("button", { name: "提交举报" }).click();
      await expect(page).toHaveURL(new RegExp(`/art/${workId}$`));
      await expect(toast(page, "举报已提交")).toBeAttached();
      // Once per person per thing.
      await page.goto(`/report?target=work&id=${workId}`);
      await page.getByLabel("垃圾广告").check();
      await page.getByRole("button", { name: "提交举报" }).click();
      await expect(page.getByText("你已经举报过了，我们会尽快处理")).toBeVisible();

      const admin = await owner(browser, js);
      await admin.goto("/admin/reports");
      // The tab names its section.
      await expect(admin).toHaveTitle("举报 · 管理后台");
      const item = admin.getByRole("listitem").filter({ hasText: detail });
      await expect(item).toContainText(`补充：${detail}`);
      await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", `/art/${workId}`);
      if (js) expect(await pwned(admin)).toBeUndefined();
      await item.getByRole("button", { name: "隐藏内容" }).click();
      await expect(toast(admin, "举报已处理")).toBeAttached();
      await expect(admin.getByRole("listitem").filter({ hasText: detail })).toHaveCount(0);
      await admin.goto("/admin/reports?status=done");
      await expect(admin.getByRole("listitem").filter({ hasText: detail })).toContainText("已隐藏被举报的作品");

      await author.page.goto(`/art/${workId}`);
      await expect(author.page.getByTestId("work-state")).toContainText("已被管理员隐藏");
      await page.goto("/user/messages");
      await expect(page.getByRole("main").getByText("你的举报已处理：已隐藏被举报的作品")).toBeVisible();
      expect((await page.goto(`/art/${workId}`))?.status()).toBe(404);
    });

    test("the owner writes the about page with a preview; hostile Markdown stays text; emptied, the built-in text returns", async ({
      browser,
    }) => {
      const admin = await owner(browser, js);
      await admin.goto("/admin/pages");
      // Playwright's fill racing hydration can leave the old text in (select-all lost): fill a hydrated box.
      if (js) await untilHydrated(admin, "#f-about");
      const about = admin.getByRole("textbox", { name: "关于我们（/about）" });
      const heading = `欢迎来到这里${uniqueName("h")}`;
      await about.fill(`# ${heading}\n\n[点我](javascript:window.__pwned=1) ${hostile("")}\n\n**创作者**的家`);
      await admin.getByRole("button", { name: "预览", exact: true }).click();
      const preview = admin.getByRole("region", { name: "关于我们预览" });
      await expect(preview.getByRole("heading", { name: heading })).toBeVisible();
      await expect(preview.locator("strong")).toHaveText("创作者");
      await expect(preview.locator("script, img, a[href^='javascript']")).toHaveCount(0);
      // The preview stored nothing, and kept what was typed.
      await expect(about).toHaveValue(new RegExp(heading));
      expect((await (await admin.request.get("/api/config/page/about")).json()).data.markdown).not.toContain(heading);
      await admin.getByRole("button", { name: "保存页面" }).click();
      await expect(toast(admin, "页面内容已保存")).toBeAttached();

      await admin.goto("/about");
      await expect(admin.getByRole("heading", { name: heading })).toBeVisible();
      await expect(admin.getByRole("main").locator("script, img")).toHaveCount(0);
      await expect(admin.getByText("我们在做什么")).toHaveCount(0);
      if (js) expect(await pwned(admin)).toBeUndefined();

      await admin.goto("/admin/pages");
      if (js) await untilHydrated(admin, "#f-about");
      await about.fill("");
      await admin.getByRole("button", { name: "保存页面" }).click();
      await expect(toast(admin, "页面内容已保存")).toBeAttached();
      await admin.goto("/about");
      await expect(admin.getByText("我们在做什么")).toBeVisible();
    });
  });
}

test("a visitor who clicks 举报 signs in first and comes back to the form, not to its data request", async ({
  browser,
  page,
}) => {
  const author = await member(browser, true, "v");
  const workId = await publishedPost(author.page, `访客看到的画${uniqueName("w")}`);
  const username = uniqueName("late");
  const other = await browserOf(browser, true);
  await register(other, username);
  await page.goto(`/art/${workId}`);
  // A client-side navigation: the report page's loader runs as a data request.
  await page.getByRole("link", { name: "举报这件作品" }).click();
  await expect(page).toHaveURL(/\/user\/signin\?ref=/);
  const ref = new URL(page.url()).searchParams.get("ref")!;
  expect(ref).toMatch(new RegExp(`^/report\\?target=work&id=${workId}&from=`));
  expect(ref).not.toContain(".data");
  await page.getByLabel("用户名或邮箱").fill(username);
  await page.getByLabel("密码", { exact: true }).fill("secret123");
  await solveCaptcha(page);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/report\\?target=work&id=${workId}`));
  await expect(page.getByRole("heading", { name: "举报作品" })).toBeVisible();
});

test("with JavaScript a refused bulk action keeps the selection and a done one clears it", async ({ browser }) => {
  const m = await member(browser, true, "k");
  const workId = await publishedPost(m.page, "一张等人评论的画");
  await m.page.getByLabel("评论内容").fill("第一条评论");
  await m.page.getByRole("button", { name: "发表评论" }).click();
  await expect(m.page.getByTestId("comment")).toHaveCount(1);
  const admin = await owner(browser, true);
  await admin.goto(`/admin/comments?workId=${workId}`);
  const box = admin.getByRole("checkbox", { name: /选择评论/ });
  await box.check();
  await admin.getByRole("button", { name: "执行" }).click();
  await expect(admin.getByText("请填写原因，作者会看到它")).toBeVisible();
  await expect(box).toBeChecked();
  await admin.getByLabel("原因").fill("离题");
  await admin.getByRole("button", { name: "执行" }).click();
  await expect(toast(admin, "已隐藏")).toBeAttached();
  await expect(admin.getByText("（离题）")).toBeVisible();
  await expect(box).not.toBeChecked();
});

test("text typed into 页面内容 before the page's script has run is what is saved, not the text it replaced", async ({
  browser,
}) => {
  const admin = await owner(browser, true);
  const about = admin.getByRole("textbox", { name: "关于我们（/about）" });
  const save = async () => {
    await admin.getByRole("button", { name: "保存页面" }).click();
    await expect(toast(admin, "页面内容已保存")).toBeAttached();
  };
  await admin.goto("/admin/pages");
  await untilHydrated(admin, "#f-about");
  await about.fill(`# 旧的关于页${uniqueName("o")}`);
  await save();

  // On a slow phone the form is there before its script: what is typed then must survive hydration. Typed as a
  // person types: Playwright's fill loses its select-all on a page whose script is still coming.
  const beforeScripts = async (typing: () => Promise<void>) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await admin.route("**/assets/*.js", hold);
    await admin.goto("/admin/pages", { waitUntil: "domcontentloaded" });
    await about.click();
    await admin.keyboard.press("ControlOrMeta+A");
    await typing();
    release();
    await untilHydrated(admin, "#f-about");
    await admin.unroute("**/assets/*.js", hold);
  };
  const heading = `早到的新标题${uniqueName("n")}`;
  await beforeScripts(() => admin.keyboard.type(`# ${heading}`));
  await expect(about).toHaveValue(`# ${heading}`);
  await save();
  await admin.goto("/about");
  await expect(admin.getByRole("heading", { name: heading })).toBeVisible();

  // Emptied the same way, the built-in text returns.
  await beforeScripts(() => admin.keyboard.press("Delete"));
  await expect(about).toHaveValue("");
  await save();
  await admin.goto("/about");
  await expect(admin.getByText("我们在做什么")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner bans a member with a reason: signed out at once, refused at sign-in, in the log; lifted, back in", async ({
    browser,
  }) => {
    const m = await member(browser, false, "b");
    const admin = await owner(browser, false);
    await admin.goto(`/admin/users?q=${m.username}`);
    await admin.getByRole("link", { name: m.nickname }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/users/${m.id}$`));
    await admin.getByLabel("处理方式").selectOption("ban");
    await admin.getByLabel("期限").selectOption("3");
    await admin.getByRole("button", { name: "执行" }).click();
    await expect(admin.getByText("请输入原因")).toBeVisible();
    const reason = `发布广告${uniqueName("x")}`;
    await admin.getByLabel("原因").fill(reason);
    await admin.getByRole("button", { name: "执行" }).click();
    await expect(toast(admin, "已封禁")).toBeAttached();
    await expect(admin.getByText(`已封禁（至`)).toContainText(reason);

    // The open session ended: the member is a visitor again.
    await m.page.goto("/user/scores");
    await expect(m.page).toHaveURL(/\/user\/signin/);
    await signIn(m.page, m.username, "secret123");
    await expect(m.page.getByRole("alert").filter({ hasText: "账号已被封禁至" })).toContainText(reason);

    await admin.goto(`/admin/audit?action=user.ban&actor=${ownerLogin.username}`);
    await expect(admin.getByRole("listitem").filter({ hasText: reason }).first()).toContainText("封禁");

    await admin.goto(`/admin/users/${m.id}`);
    await admin.getByRole("button", { name: "解除封禁" }).click();
    await expect(toast(admin, "已解除")).toBeAttached();
    await signIn(m.page, m.username, "secret123");
    await expect(m.page).toHaveURL(/\/$/);
  });

  test("nodes, tags and comments: create and hide a node, rename a work's tag, hide a comment with a reason", async ({
    browser,
  }) => {
    const m = await member(browser, false, "c");
    const tag = `标签${uniqueName("t").slice(-6)}`;
    const workId = await publishedPost(m.page, "一张带标签的速写", tag);
    await m.page.getByLabel("评论内容").fill(`评论${hostile("")}`);
    await m.page.getByRole("button", { name: "发表评论" }).click();
    await expect(m.page.getByTestId("comment")).toHaveCount(1);

    const admin = await owner(browser, false);
    // A node: made, listed, hidden.
    const node = `节点${uniqueName("n").slice(-8)}`;
    await admin.goto("/admin/nodes");
    const create = admin.getByRole("form", { name: "新建节点" });
    await create.getByLabel("节点名称").fill(node);
    await create.getByLabel("节点描述").fill("测试用");
    await create.getByRole("button", { name: "新建节点" }).click();
    await expect(toast(admin, "节点已创建")).toBeAttached();
    await create.getByLabel("节点名称").fill(node);
    await create.getByRole("button", { name: "新建节点" }).click();
    await expect(admin.getByText("已有同名节点")).toBeVisible();
    await admin.goto("/arts");
    await expect(admin.getByRole("link", { name: node }).first()).toBeAttached();
    await admin.goto("/admin/nodes");
    await admin.getByRole("button", { name: `隐藏：${node}` }).click();
    await expect(toast(admin, "节点已隐藏")).toBeAttached();
    await admin.goto("/art/create");
    await expect(admin.getByLabel("节点").locator("option", { hasText: node })).toHaveCount(0);

    // The work's tag, renamed.
    await admin.goto(`/admin/tags?q=${encodeURIComponent(tag)}`);
    const renamed = `${tag}新`;
    await admin.getByLabel(`新名称（${tag}）`).fill(renamed);
    await admin.getByRole("button", { name: "重命名" }).click();
    await expect(toast(admin, "标签已重命名")).toBeAttached();
    await admin.goto(`/art/${workId}`);
    await expect(admin.getByRole("list", { name: "标签" }).getByRole("link", { name: renamed })).toBeVisible();

    // The comment, hidden with a reason: the work's page no longer shows it; its author is told.
    await admin.goto(`/admin/comments?workId=${workId}`);
    await expect(admin.getByText(`评论${hostile("")}`)).toBeVisible();
    await admin.getByRole("checkbox", { name: /选择评论/ }).check();
    await admin.getByRole("button", { name: "执行" }).click();
    await expect(admin.getByText("请填写原因，作者会看到它")).toBeVisible();
    await admin.getByLabel("原因").fill("含有无关链接");
    await admin.getByRole("button", { name: "执行" }).click();
    await expect(toast(admin, "已隐藏")).toBeAttached();
    await m.page.goto(`/art/${workId}`);
    await expect(m.page.getByTestId("comment")).toHaveCount(0);
    await m.page.goto("/user/messages");
    await expect(m.page.getByRole("main").getByText("评论已被管理员隐藏：含有无关链接")).toBeVisible();
  });

  test("the error page's 报告问题 opens the report form for that page", async ({ browser }) => {
    const m = await member(browser, false, "e");
    const res = await m.page.goto("/art/987654321");
    expect(res?.status()).toBe(404);
    await m.page.getByRole("link", { name: "报告问题" }).click();
    await expect(m.page).toHaveURL(/\/report\?target=page&url=%2Fart%2F987654321/);
    await expect(m.page.getByTestId("report-what")).toHaveText("/art/987654321");
    await m.page.getByLabel("页面出错").check();
    await m.page.getByRole("button", { name: "提交举报" }).click();
    await expect(m.page).toHaveURL(/\/$/);
    await expect(toast(m.page, "举报已提交")).toBeAttached();
  });
});

test("sensitive words: a refused word stops a post and names itself; a masked word is starred", async ({ browser }) => {
  const admin = await owner(browser, true);
  await admin.goto("/admin/words");
  const refuse = admin.getByLabel("拒绝发布");
  const mask = admin.getByLabel("打码");
  const before = { refuse: await refuse.inputValue(), mask: await mask.inputValue() };
  const banned = `禁词${uniqueName("s").slice(-6)}`;
  const masked = `打码${uniqueName("k").slice(-6)}`;
  await refuse.fill(`${banned}\n\n${banned}二`);
  await admin.getByRole("button", { name: "保存敏感词" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "空行" })).toBeVisible();
  await expect(refuse).toHaveValue(new RegExp(banned));
  await refuse.fill([before.refuse, banned].filter(Boolean).join("\n"));
  await mask.fill([before.mask, masked].filter(Boolean).join("\n"));
  await admin.getByRole("button", { name: "保存敏感词" }).click();
  await expect(toast(admin, "敏感词已保存")).toBeAttached();

  try {
    const m = await member(browser, true, "s");
    // Read through spaces and full width: still the word.
    await publishPost(m.page, `今天画了 ${banned.split("").join(" ")} 一张`);
    await expect(m.page.getByText(`内容包含不允许发布的词语“${banned}”`)).toBeVisible();
    await expect(m.page).toHaveURL(/\/art\/create/);
    const id = await publishedPost(m.page, `这张图${masked}很好看`);
    await expect(m.page.getByTestId("work-detail")).toContainText(`这张图${"＊".repeat(masked.length)}很好看`);
    expect(id).toBeGreaterThan(0);
  } finally {
    await admin.goto("/admin/words");
    await admin.getByLabel("拒绝发布").fill(before.refuse);
    await admin.getByLabel("打码").fill(before.mask);
    await admin.getByRole("button", { name: "保存敏感词" }).click();
    await expect(toast(admin, "敏感词已保存")).toBeAttached();
  }
});
