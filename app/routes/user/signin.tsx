import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/signin";
import type { SmsSent } from "../../../contract/signin/views.ts";
import { apiClient } from "../../lib/api.server.ts";
import { signin, signup } from "../../lib/upstream/account.ts";
import { phoneSignin, sendSmsCode } from "../../lib/upstream/signin.ts";
import { captchaIfOn, signedIn } from "../../lib/signin.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { readForm } from "../../lib/request.server.ts";
import { userLimits } from "../../../contract/shared/limits.ts";
import { formRules } from "../../../contract/shared/fields.ts";
import { phoneSigninSchema, signinSchema, signupSchema } from "../../../contract/signin/schemas.ts";
import { currentUser, siteConfig } from "../../lib/site.server.ts";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { CaptchaField } from "../../components/signin/CaptchaField.tsx";
import { OAuthButtons } from "../../components/signin/OAuthButtons.tsx";
import { SmsCodeField } from "../../components/signin/SmsCodeField.tsx";
import { attempt, refused } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "登录 / 注册" }, { name: "robots", content: "noindex" }];

/** requirements §2 /user/signin: 密码登录, 短信登录 and 注册, each keeping `ref` (the page to return to). */
const tabs = { signin: "密码登录", phone: "短信登录", signup: "注册" } as const;
type Tab = keyof typeof tabs;
const isTab = (v: unknown): v is Tab => typeof v === "string" && Object.hasOwn(tabs, v);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = safeRef(url.searchParams.get("ref"));
  if (await currentUser(request, context)) throw redirect(ref);
  const api = apiClient(request, context);
  const [captcha, config] = await Promise.all([captchaIfOn(api), siteConfig(api)]);
  const tab = url.searchParams.get("tab");
  // The fields' limits, from the schemas the API checks them with.
  const fields = {
    signin: formRules(signinSchema, ["username", "password"]),
    phone: formRules(phoneSigninSchema, ["phone"]),
    signup: formRules(signupSchema, ["nickname", "username", "email", "password", "rePassword", "inviteCode"]),
  };
  // An admin may switch SMS off (the tab goes) and make registration invite-only or closed (admin area).
  const wanted = isTab(tab) && (tab !== "phone" || config.sms) ? tab : ("signin" as Tab);
  return {
    ref,
    tab: wanted,
    captcha,
    fields,
    providers: config.oauth,
    sms: config.sms,
    registration: config.registration,
  };
}

/** A failed attempt answers with a fresh captcha along with the error, so the page needs no reload for it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

const str = (form: FormData, key: string) => String(form.get(key) ?? "");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Tab = isTab(form.get("intent")) ? (form.get("intent") as Tab) : "signin";
  const ref = safeRef(str(form, "ref"));
  const api = apiClient(request, context, null);
  const captcha = { captchaId: str(form, "captchaId"), captchaCode: str(form, "captchaCode") };
  // What the form shows again after an error: everything typed except passwords and codes.
  const values = {
    username: str(form, "username"),
    nickname: str(form, "nickname"),
    email: str(form, "email"),
    phone: str(form, "phone"),
  };
  const answer = (extra: { message?: string; fieldErrors?: Record<string, string>; sent?: SmsSent & { at: number } }) =>
    captchaIfOn(api).then((next) => ({
      intent,
      message: extra.message ?? "",
      fieldErrors: extra.fieldErrors ?? {},
      sent: extra.sent ?? null,
      values,
      captcha: next,
    }));
  // 换一张: a new captcha, everything typed kept, nothing attempted.
  if (form.get("refreshCaptcha")) return answer({});
  if (intent === "phone" && form.get("sendCode")) {
    const sent = await attempt(sendSmsCode(api, { phone: values.phone, ...captcha }));
    if (!sent.ok) return refused(sent.failure, await answer({}));
    return answer({ sent: { ...sent.value, at: Date.now() } });
  }
  const signing = await attempt(
    intent === "signup"
      ? signup(api, {
          nickname: values.nickname,
          username: values.username,
          email: values.email,
          password: str(form, "password"),
          rePassword: str(form, "rePassword"),
          inviteCode: str(form, "inviteCode"),
          ...captcha,
        })
      : intent === "phone"
        ? phoneSignin(api, { phone: values.phone, verifyCode: str(form, "verifyCode") })
        : signin(api, { username: values.username, password: str(form, "password"), ...captcha }),
  );
  // The captcha just tried is spent, right or wrong: the answer carries the next one.
  if (!signing.ok) return refused(signing.failure, await answer({}));
  const session = signing.value;
  const welcome =
    intent === "signup"
      ? `注册成功，欢迎你，${session.user.nickname}。验证邮件已发送到 ${values.email.trim()}，请点击其中的链接`
      : "登录成功";
  throw await signedIn(request, context, api, session, ref, welcome, intent === "signup");
}

export default function Signin({ loaderData, actionData }: Route.ComponentProps) {
  const { ref, fields, providers, sms, registration } = loaderData;
  // A failed attempt, a send and 换一张 all answer with the next captcha.
  const captcha = actionData ? actionData.captcha : loaderData.captcha;
  const tab: Tab = actionData?.intent ?? loaderData.tab;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  const form = { rules: fields[tab], errors, values };
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    !navigation.formData?.get("refreshCaptcha") &&
    !navigation.formData?.get("sendCode");
  const tabHref = (t: Tab) => `/user/signin?${new URLSearchParams({ ...(t !== "signin" ? { tab: t } : {}), ref })}`;
  const generalError = actionData && !Object.keys(errors).length ? actionData.message : null;
  const sent = actionData?.sent ?? null;
  // After an answer the form keeps what was typed, but never the passwords, the codes nor the spent captcha answer.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData || !formRef.current) return;
    for (const name of ["password", "rePassword", "captchaCode", "verifyCode"]) {
      const field = formRef.current.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
  }, [actionData]);

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="sr-only">{tab === "signup" ? "注册艺社账号" : "登录艺社"}</h1>
        <nav className="mb-6 flex gap-6 border-b border-line" aria-label="登录或注册">
          {(Object.keys(tabs) as Tab[])
            .filter((t) => t !== "phone" || sms)
            .map((t) => (
              <Link
                key={t}
                to={tabHref(t)}
                replace
                aria-current={tab === t ? "page" : undefined}
                className={`-mb-px border-b-2 pb-2 text-lg ${tab === t ? "border-primary font-semibold" : "border-transparent text-muted"}`}
              >
                {tabs[t]}
              </Link>
            ))}
        </nav>
        {tab === "signup" && registration === "closed" ? (
          // Nothing to fill in: say so, and point at the ways that still work.
          <div role="status" className="space-y-3 text-sm" data-testid="registration-closed">
            <p className="rounded-lg bg-surface-2 px-3 py-2">本站暂未开放注册</p>
            <p className="text-muted">
              已有账号？
              <Link to={tabHref("signin")} replace className="text-primary underline underline-offset-2">
                去登录
              </Link>
            </p>
          </div>
        ) : (
          <Form method="post" className="space-y-4" key={tab} noValidate ref={formRef}>
            {/* Enter submits with the first submit button in the form: make that this one, not 换一张 or 获取验证码. */}
            <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
            <input type="hidden" name="intent" value={tab} />
            <input type="hidden" name="ref" value={ref} />
            <FormAlert message={generalError} />
            {sent && (
              <p role="status" className="rounded-lg bg-primary-soft px-3 py-2 text-sm">
                验证码已发送至 {sent.phone}，5分钟内有效
              </p>
            )}
            {tab === "signup" && <Field formState={form} label="昵称" name="nickname" autoComplete="nickname" />}
            {tab === "phone" ? (
              <Field
                formState={form}
                label="手机号"
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                hint="中国大陆手机号；首次登录将自动注册"
              />
            ) : (
              <Field
                formState={form}
                label={tab === "signin" ? "用户名或邮箱" : "用户名"}
                name="username"
                autoComplete="username"
                hint={tab === "signup" ? "以字母开头，3到20位字母、数字或下划线" : undefined}
              />
            )}
            {tab === "signup" && <Field formState={form} label="邮箱" name="email" type="email" autoComplete="email" />}
            {tab !== "phone" && (
              <Field
                formState={form}
                label="密码"
                name="password"
                type="password"
                autoComplete={tab === "signin" ? "current-password" : "new-password"}
                hint={tab === "signup" ? `${userLimits.passwordMin}到${userLimits.password}个字符` : undefined}
              />
            )}
            {tab === "signup" && (
              <Field formState={form} label="确认密码" name="rePassword" type="password" autoComplete="new-password" />
            )}
            {tab === "signup" && registration === "invite" && (
              <Field formState={form} label="邀请码" name="inviteCode" autoComplete="off" hint="本站目前仅限邀请注册" />
            )}
            {captcha && <CaptchaField captcha={captcha} error={errors.captchaCode} />}
            {tab === "phone" && <SmsCodeField error={errors.verifyCode} sent={sent} />}
            {tab === "signin" && (
              <p className="-mt-2 text-right text-xs">
                <Link
                  to={`/user/password/forgot?${new URLSearchParams({ ref })}`}
                  className="text-muted hover:text-primary"
                >
                  忘记密码？
                </Link>
              </p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-full bg-primary py-2.5 font-medium text-on-primary disabled:opacity-60"
            >
              {busy ? "请稍候…" : tab === "signup" ? "注册" : "登录"}
            </button>
            <p className="text-center text-xs text-muted">
              {tab === "signup" ? "注册即表示你同意" : "登录即表示你同意"}
              <Link to="/agreement/agreement" className="text-primary underline underline-offset-2">
                《用户协议》
              </Link>
            </p>
          </Form>
        )}
        <OAuthButtons providers={providers} refPath={ref} />
      </div>
    </main>
  );
}
