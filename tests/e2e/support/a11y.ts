import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * The accessibility audit (issue 37): every page type, each at a desktop and a phone width in the light and dark
 * theme, checked by axe-core with all its rules. The suite (a11y.spec.ts) fails on a critical, serious or moderate
 * finding; a standalone run over any site prints the counts (scripts are free to import this file).
 */

export type Who = "visitor" | "member" | "owner";
export type PageType = { name: string; path: string; who: Who };
export type Finding = { rule: string; impact: string; mode: string; targets: string[]; help: string; detail: string };

export const modes = [
  { name: "桌面 浅色", width: 1366, height: 900, colorScheme: "light" },
  { name: "桌面 深色", width: 1366, height: 900, colorScheme: "dark" },
  { name: "手机 浅色", width: 390, height: 844, colorScheme: "light" },
  { name: "手机 深色", width: 390, height: 844, colorScheme: "dark" },
] as const;

const colourRules = ["color-contrast", "link-in-text-block"];

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; detail: string }[] };

/**
 * axe-core's rules (all of them, or `rules`) on the page as it is now. axe goes in once per page, and only the
 * violations come back: @axe-core/playwright injected it again for every run and returned every rule's passes too,
 * five times the time of the run itself (2.4 s against 0.45 s a mode on the home page).
 */
async function violations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  // A string is evaluated as the page's script would be, outside its Content-Security-Policy.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    type Result = { id: string; impact?: string | null; help: string; nodes: NodeResult[] };
    type NodeResult = { target: string[]; any: { message: string }[]; failureSummary?: string };
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, {
      resultTypes: ["violations"],
      ...(only
        ? { runOnly: { type: "rule", values: only } }
        : // WCAG 2.2's target size (24 × 24 px, or that much room around), which axe leaves off by default.
          { rules: { "target-size": { enabled: true } } }),
    });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      // What axe measured, e.g. the two colours and their ratio.
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target, detail: n.any[0]?.message ?? n.failureSummary ?? "" })),
    }));
  }, rules ?? null);
}

/** Runs axe in each mode on the page already open, one finding per rule and mode. */
export async function audit(page: Page, only: readonly (typeof modes)[number][] = modes): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const mode of only) {
    await page.setViewportSize({ width: mode.width, height: mode.height });
    await page.emulateMedia({ colorScheme: mode.colorScheme, reducedMotion: "reduce" });
    // The page takes the scheme and the width a frame later: measuring before would see the last mode's colours.
    await page.waitForFunction((scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches, mode.colorScheme);
    // Under reduced motion a transition lasts 0.01 ms, but an inherited colour passes down a frame a level: the
    // logo's text kept the last scheme's colour for five frames. Measured once the last has ended.
    await page.waitForFunction(
      () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"),
    );
    // The dark theme only changes colours: its run checks just the rules that read them.
    const found = await violations(page, mode.colorScheme === "dark" ? colourRules : undefined);
    // axe asks for at least one h1; a page should have exactly one (hidden ones, display:none, do not count).
    const h1s = await page.evaluate(() =>
      [...document.querySelectorAll("h1")].filter((h) => h.getClientRects().length > 0).map((h) => h.textContent),
    );
    if (h1s.length !== 1)
      findings.push({
        rule: "one-h1",
        impact: "moderate",
        mode: mode.name,
        targets: ["h1"],
        help: "Exactly one h1",
        detail: `${h1s.length} h1: ${h1s.join(" | ")}`,
      });
    for (const v of found)
      findings.push({
        rule: v.id,
        impact: v.impact ?? "minor",
        mode: mode.name,
        targets: v.nodes.map((n) => n.target.join(" ")),
        help: v.help,
        detail: v.nodes[0]?.detail ?? "",
      });
  }
  return findings;
}

export const blocking = (f: Finding) => f.impact === "critical" || f.impact === "serious" || f.impact === "moderate";

type Api = { request: APIRequestContext; solve: (captchaId: string) => Promise<string> };

async function call(api: Api, path: string, form?: Record<string, string>, token?: string) {
  const headers: Record<string, string> = { "X-Client": "a11y-audit", ...(token ? { "X-User-Token": token } : {}) };
  const res = form
    ? await api.request.post(`/api${path}`, { form, headers })
    : await api.request.get(`/api${path}`, { headers });
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

async function captcha(api: Api) {
  const { captchaId } = await call(api, "/captcha/request");
  return { captchaId, captchaCode: await api.solve(captchaId) };
}

export async function signUp(api: Api, username: string): Promise<{ token: string; id: number }> {
  const password = "secret123";
  const session = await call(api, "/login/signup", {
    nickname: `读屏${username.slice(-12)}`,
    username,
    email: `${username}@example.com`,
    password,
    rePassword: password,
    ...(await captcha(api)),
  });
  return { token: session.token, id: session.user.id };
}

export async function signIn(api: Api, username: string, password: string): Promise<string> {
  return (await call(api, "/login/signin", { username, password, ...(await captcha(api)) })).token;
}

/** The first address on a page that matches, e.g. a music work from the music node. */
async function firstLink(api: Api, path: string, pattern: RegExp): Promise<string> {
  const html = await (await api.request.get(path)).text();
  const found = pattern.exec(html)?.[0];
  if (!found) throw new Error(`no ${pattern} on ${path}`);
  return found;
}

/**
 * Makes what the pages show (a member with a work in a series and a folder, a conversation) and lists every page
 * type with who sees it.
 */
export async function pageTypes(api: Api, names: { member: string; other: string }, owner: string) {
  const member = await signUp(api, names.member);
  const other = await signUp(api, names.other);
  const work = await call(
    api,
    "/art/create",
    { type: "1", nodeId: "1", content: `读屏测试的动态 #无障碍#`, tags: "无障碍" },
    member.token,
  );
  const workId = String(work.artId);
  const { seriesId } = await call(api, "/series/create", { title: "读屏合集", description: "一组" }, member.token);
  await call(api, `/series/${seriesId}/add`, { workId }, member.token);
  const folder = await call(api, "/favorites/folder/create", { name: "读屏收藏", public: "on" }, member.token);
  await call(api, `/favorites/folder/${folder.folderId}/put`, { workId: "1", on: "on" }, member.token);
  await call(api, "/message/send", { userId: String(member.id), content: "你好，想约一张稿" }, other.token);
  await call(api, "/message/send", { userId: String(other.id), content: "好的，请说说要求" }, member.token);
  // 约稿: the other member takes commissions, and the member asks one of them.
  await call(api, "/user/set/portfolio", { commission: "open" }, other.token);
  const { commissionId } = await call(
    api,
    "/commissions/create",
    { creatorId: String(other.id), title: "读屏约稿", brief: "一张头像", budget: "300元" },
    member.token,
  );
  const cards: { artId: number; imageCount: number }[] = (await call(api, "/art/list?order=newest&limit=50")).results;
  const picture = `/art/${cards.find((c) => c.imageCount > 1)!.artId}`;
  const music = await firstLink(api, "/arts/node/4", /\/art\/\d+/);
  const project = await firstLink(api, "/projects", /\/art\/\d+/);
  const link = await firstLink(api, "/links", /\/art\/\d+/);
  const article = await firstLink(api, "/articles", /\/art\/\d+/);
  const tag = await firstLink(api, "/tags", /\/arts\/tag\/\d+/);
  const me = `/user/${member.id}`;
  const list: PageType[] = [
    ...[
      ["首页", "/"],
      ["新视野", "/different"],
      ["作品", "/arts"],
      ["节点", "/arts/node/1"],
      ["标签作品", tag],
      ["文章列表", "/articles"],
      ["动态列表", "/topics"],
      ["项目列表", "/projects"],
      ["链接列表", "/links"],
      ["标签", "/tags"],
      ["图片作品", picture],
      ["文章", article],
      ["音乐", music],
      ["项目", project],
      ["链接", link],
      ["喜欢的人", `${picture}/likers`],
      ["排行榜", "/charts"],
      ["编辑精选", "/picks"],
      ["活动", "/events"],
      ["活动详情", "/events/1"],
      ["获奖作品的活动", "/events/2"],
      ["搜索结果", "/search?q=%E6%8F%92%E7%94%BB"],
      ["合集", `/series/${seriesId}`],
      ["收藏夹", `/favorites/${folder.folderId}`],
      ["个人中心", me],
      ["个人中心 喜欢", `${me}/likes`],
      ["个人中心 收藏", `${me}/favorites`],
      ["个人中心 粉丝", `${me}/followers`],
      ["个人中心 关注", `${me}/following`],
      ["个人中心 合集", `${me}/series`],
      ["个人中心 标签", `${me}/tags`],
      ["关于", "/about"],
      ["开发者接口", "/developers"],
      ["用户协议", "/protocol"],
      ["手机版", "/mobile"],
      ["外链提示", "/redirect?url=https%3A%2F%2Fexample.com%2F"],
      ["登录", "/user/signin"],
      ["短信登录", "/user/signin?tab=phone"],
      ["注册", "/user/signin?tab=signup"],
      ["忘记密码", "/user/password/forgot"],
      ["重设密码", "/user/password/reset?token=expired"],
      ["邮箱验证", "/user/email/verify?token=expired"],
      ["退订通知邮件", "/mail/unsubscribe?u=1&k=not-a-real-key"],
      ["找不到", "/art/99999999"],
      ["无权访问", "/admin/users"],
      ["第三方登录失败", "/user/github/callback?code=x&state=forged"],
    ].map(([name, path]) => ({ name, path, who: "visitor" as const })),
    ...[
      ["关注流", "/follow"],
      ["活动详情 会员", "/events/1"],
      ["我的约稿", "/commissions?role=sent"],
      ["约稿详情", `/commissions/${commissionId}`],
      ["发起约稿", `/commissions/new?to=${other.id}`],
      ["我的收藏", "/user/favorites"],
      ["我的口味", "/user/temperament"],
      ["通知", "/user/messages"],
      ["私信", "/user/messages/chats"],
      ["对话", `/user/messages/chat/${other.id}`],
      ["积分", "/user/scores"],
      ["编辑资料", "/user/profile"],
      ["账号与安全", "/user/profile/account"],
      ["邮件通知", "/user/profile/mail"],
      ["推送通知", "/user/profile/push"],
      ["访问令牌", "/user/profile/tokens"],
      ["Webhook", "/user/profile/webhooks"],
      ["草稿", `${me}/drafts`],
      ["发布", "/art/create"],
      ["发布文章", "/art/create?type=article"],
      ["编辑作品", `/art/edit/${workId}`],
      ["AI 助手", "/ai"],
      ["举报", `/report?target=work&id=${workId}`],
    ].map(([name, path]) => ({ name, path, who: "member" as const })),
    ...[
      ["管理 概览", "/admin"],
      ["管理 用户", "/admin/users"],
      ["管理 用户详情", `/admin/users/${member.id}`],
      ["管理 作品", "/admin/works"],
      ["管理 评论", "/admin/comments"],
      ["管理 活动", "/admin/events"],
      ["管理 修改活动", "/admin/events?edit=1"],
      ["管理 节点", "/admin/nodes"],
      ["管理 标签", "/admin/tags"],
      ["管理 举报", "/admin/reports"],
      ["管理 敏感词", "/admin/words"],
      ["管理 设置", "/admin/settings"],
      ["管理 注册与登录", "/admin/access"],
      ["管理 页面", "/admin/pages"],
      ["管理 任务", "/admin/jobs"],
      ["管理 日志", "/admin/audit"],
      ["管理 AI", "/admin/ai"],
      ["管理 找不到", "/admin/missing"],
    ].map(([name, path]) => ({ name, path, who: "owner" as const })),
  ];
  return { list, tokens: { member: member.token, owner } };
}
