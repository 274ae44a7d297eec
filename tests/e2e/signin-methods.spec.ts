import { expect, test } from "./fixtures.ts";
import {
  githubDeclinesNext,
  linkIn,
  mailTo,
  nextGithubPerson,
  register,
  serverLogLines,
  signIn,
  signOut,
  smsCodeFor,
  solveCaptcha,
  uniqueName,
  uniquePhone,
} from "./helpers.ts";

for (const js of [true, false]) {
  test.describe(`sign-in methods, JavaScript ${js ? "on" : "off"}`, { tag: js ? ["@cluster"] : [] }, () => {
    test.use({ javaScriptEnabled: js });

    test("a phone number and its SMS code open an account and come back to ref", async ({ page }) => {
      const phone = uniquePhone();
      await page.goto("/user/signin?ref=/art/3");
      await page.getByRole("link", { name: "短信登录" }).click();
      await expect(page).toHaveURL(/tab=phone.*ref=%2Fart%2F3|ref=%2Fart%2F3.*tab=phone/);
      await page.getByLabel("手机号", { exact: true }).fill(phone);
      await solveCaptcha(page);
      const before = serverLogLines();
      await page.getByRole("button", { name: "获取验证码" }).click();
      const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
      await expect(page.getByText(`验证码已发送至 ${masked}`)).toBeVisible();
      if (js) await expect(page.getByRole("button", { name: /秒后重新获取/ })).toBeDisabled();
      else await expect(page.getByRole("button", { name: "重新获取" })).toBeEnabled();
      await expect(page.getByLabel("手机号", { exact: true })).toHaveValue(phone);
      const code = await smsCodeFor(phone, before);
      await page.getByLabel("短信验证码").fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page.getByText("验证码错误，还可以再试4次")).toBeVisible();
      await page.getByLabel("短信验证码").fill(code);
      await page.getByLabel("短信验证码").press("Enter");
      await expect(page).toHaveURL(/\/art\/3$/);
      await expect(page.getByText("登录成功")).toBeAttached();
      await page.goto("/user/profile/account");
      await expect(page.getByTestId("phone-way")).toContainText(`已绑定 ${masked}`);
    });

    test("a new account's e-mail is verified by the mailed link; a forgotten password is reset by another", async ({
      page,
    }) => {
      const username = uniqueName(js ? "mailjs" : "mailnojs");
      const email = `${username}@example.com`;
      await register(page, username, "first-pass1");
      await expect(page.getByText(`验证邮件已发送到 ${email}`)).toBeAttached();
      const verify = await mailTo(email, "请验证你的邮箱");
      await page.goto(linkIn(verify.text));
      await expect(page.getByRole("heading", { name: "邮箱已验证" })).toBeVisible();
      await expect(page.getByText(`${email} 已成为你账号的邮箱`)).toBeVisible();
      await page.goto(linkIn(verify.text));
      await expect(page.getByText("链接已失效或已被使用")).toBeVisible();
      await page.goto("/");
      await signOut(page);

      await page.goto("/user/signin?ref=/art/3");
      await page.getByRole("link", { name: "忘记密码？" }).click();
      await expect(page.getByRole("heading", { name: "找回密码" })).toBeVisible();
      await expect(page.getByRole("link", { name: "想起来了，返回登录" })).toHaveAttribute("href", /ref=%2Fart%2F3/);
      await page.getByLabel("邮箱", { exact: true }).fill(email);
      await solveCaptcha(page);
      await page.getByRole("button", { name: "发送重置链接" }).click();
      await expect(page.getByRole("heading", { name: "请查收邮件" })).toBeVisible();
      const reset = await mailTo(email, "重置密码");
      await page.goto(linkIn(reset.text));
      await page.getByLabel("新密码", { exact: true }).fill("second-pass2");
      await page.getByLabel("确认新密码").fill("second-pass2");
      await page.getByRole("button", { name: "重置密码" }).click();
      await expect(page).toHaveURL(/\/user\/signin$/);
      await expect(page.getByText("密码已重置，请用新密码登录")).toBeAttached();
      await signIn(page, username, "second-pass2");
      await expect(page.getByLabel("用户菜单")).toBeVisible();
      // The link worked once.
      await page.goto(linkIn(reset.text));
      await page.getByLabel("新密码", { exact: true }).fill("third-pass3");
      await page.getByLabel("确认新密码").fill("third-pass3");
      await page.getByRole("button", { name: "重置密码" }).click();
      await expect(page.getByText("链接已失效或已被使用")).toBeVisible();
    });

    test("GitHub signs in through a local OAuth server and returns to ref; a forged state is refused", async ({
      page,
    }) => {
      const id = String(Date.now() % 1e9) + (js ? "1" : "0");
      await nextGithubPerson({ id, name: `gh${id.slice(-4)}`, login: `gh${id}` });
      await page.goto("/art/3");
      await page.getByRole("link", { name: "登录 / 注册" }).first().click();
      await page.getByRole("link", { name: "GitHub" }).click();
      await expect(page).toHaveURL(/\/art\/3$/);
      await expect(page.getByText("已通过GitHub登录")).toBeAttached();
      await expect(page.getByLabel("用户菜单")).toBeVisible();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "oauth_github")).toBeUndefined();

      // A return this browser did not begin (someone else's code and state) signs nobody in.
      await page.context().clearCookies();
      await page.goto(`/user/github/callback?code=stolen&state=${"x".repeat(43)}`);
      await expect(page.getByText("登录请求已失效，请重新登录")).toBeVisible();
      await expect(page.getByRole("link", { name: "登录 / 注册" }).first()).toBeVisible();

      await githubDeclinesNext();
      await page.goto("/user/signin");
      await page.getByRole("link", { name: "GitHub" }).click();
      await expect(page.getByText("你取消了GitHub授权")).toBeVisible();
    });

    test("微信 signs in by its QR page and returns to ref; a refusal is told as one", async ({ page }) => {
      const id = String(Date.now() % 1e9) + (js ? "1" : "0");
      await nextGithubPerson({ id, name: `微信${id.slice(-4)}` }, "wechat");
      await page.goto("/art/3");
      await page.getByRole("link", { name: "登录 / 注册" }).first().click();
      // The sign-in page offers WeChat first, as members here expect.
      const ways = page.getByTestId("oauth-buttons").getByRole("link");
      await expect(ways.first()).toHaveAccessibleName("微信");
      await page.getByRole("link", { name: "微信" }).click();
      await expect(page).toHaveURL(/\/art\/3$/);
      await expect(page.getByText("已通过微信登录")).toBeAttached();
      await expect(page.getByLabel("用户菜单")).toBeVisible();
      await page.context().clearCookies();

      await githubDeclinesNext("wechat");
      await page.goto("/user/signin");
      await page.getByRole("link", { name: "微信" }).click();
      await expect(page.getByText("你取消了微信授权")).toBeVisible();
      await expect(page.getByRole("link", { name: "登录 / 注册" }).first()).toBeVisible();
    });
  });
}

test(
  "a signed-in person links GitHub and binds a phone in 账号与安全, and unlinks them",
  { tag: "@cluster" },
  async ({ page }) => {
    const username = uniqueName("link");
    await register(page, username);
    await expect(page.getByLabel("用户菜单")).toBeVisible();
    const id = `9${Date.now() % 1e8}`;
    await nextGithubPerson({ id, name: "链接者", login: `l${id}` });
    await page.goto("/user/profile/account");
    const oauth = page.getByTestId("oauth-ways");
    // One 绑定 a provider, each named for a screen reader.
    await expect(oauth.getByRole("button", { name: "绑定 微信" })).toBeVisible();
    await oauth.getByRole("button", { name: "绑定 GitHub" }).click();
    await expect(page.getByText("已绑定GitHub账号")).toBeAttached();
    await expect(oauth).toContainText("已绑定 链接者");

    const phone = uniquePhone();
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await solveCaptcha(page);
    const before = serverLogLines();
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByLabel("短信验证码").fill(await smsCodeFor(phone, before));
    await page.getByRole("button", { name: "绑定手机号" }).click();
    await expect(page.getByText("手机号已绑定", { exact: true })).toBeAttached();
    await expect(page.getByTestId("phone-way")).toContainText(phone.slice(7));
    // 手机号 once on the page: the bound number's line, not a heading above a field of the same name.
    await expect(page.getByTestId("phone-way").getByText("手机号", { exact: true })).toHaveCount(0);

    await oauth.getByRole("button", { name: "解绑 GitHub" }).click();
    await expect(page.getByText("已解绑", { exact: true })).toBeAttached();
    await expect(oauth.getByRole("button", { name: "绑定 GitHub" })).toBeVisible();
  },
);

test("a hostile nickname stays text in the verification mail, opened as a mail client would", async ({ page }) => {
  const username = uniqueName("mailx");
  const nickname = `"><i id=pwn>斜</i>`;
  await register(page, username, "secret123", nickname);
  await expect(page.getByLabel("用户菜单")).toBeVisible();
  const mail = await mailTo(`${username}@example.com`, "请验证你的邮箱");
  expect(mail.text).toContain(`${nickname}，你好`);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.setContent(mail.html);
  await expect(page.getByText(`${nickname}，你好`)).toBeVisible();
  await expect(page.locator("#pwn")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "验证邮箱" })).toHaveAttribute("href", /\/user\/email\/verify\?token=/);
  expect(dialogs).toEqual([]);
});
