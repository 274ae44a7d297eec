import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/signin";
import type { Session } from "../../../contract/types.ts";
import { ApiFailure, apiClient, type ApiClient } from "../../lib/api.server.ts";
import { newCaptcha, signin, signup, type Captcha } from "../../lib/upstream/account.ts";
import { tokenCookie } from "../../lib/cookies.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { setCookie, readForm } from "../../lib/request.server.ts";
import { userLimits } from "../../../contract/limits.ts";
import { formRules } from "../../../contract/fields.ts";
import { signinSchema, signupSchema } from "../../../contract/schemas.ts";
import { currentUser, siteConfig } from "../../lib/site.server.ts";
import { Field, inputClass } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";

export const meta: Route.MetaFunction = () => [{ title: "登录 / 注册" }, { name: "robots", content: "noindex" }];

type Tab = "signin" | "signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = safeRef(url.searchParams.get("ref"));
  if (await currentUser(request, context)) throw redirect(ref);
  const api = apiClient(request, context);
  const captcha = await captchaIfOn(api);
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  // The fields' limits, from the schemas the API checks them with.
  const fields = {
    signin: formRules(signinSchema, ["username", "password"]),
    signup: formRules(signupSchema, ["nickname", "username", "email", "password", "rePassword"]),
  };
  return { ref, tab, captcha, fields };
}

/** A captcha when the site asks for one (CAPTCHA=off turns it off). */
const captchaIfOn = async (api: ApiClient): Promise<Captcha | null> =>
  (await siteConfig(api)).captcha ? newCaptcha(api) : null;

/** A failed attempt answers with a fresh captcha along with the error, so the page needs no reload for it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

const str = (form: FormData, key: string) => String(form.get(key) ?? "");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Tab = form.get("intent") === "signup" ? "signup" : "signin";
  const ref = safeRef(str(form, "ref"));
  const api = apiClient(request, context, null);
  const captcha = { captchaId: str(form, "captchaId"), captchaCode: str(form, "captchaCode") };
  // What the form shows again after an error: everything typed except passwords.
  const values = { username: str(form, "username"), nickname: str(form, "nickname"), email: str(form, "email") };
  // 换一张: a new captcha, everything typed kept, nothing attempted.
  if (form.get("refreshCaptcha")) {
    return { intent, message: "", fieldErrors: {} as Record<string, string>, values, captcha: await captchaIfOn(api) };
  }
  let session: Session;
  try {
    session =
      intent === "signup"
        ? await signup(api, {
            ...values,
            password: str(form, "password"),
            rePassword: str(form, "rePassword"),
            ...captcha,
          })
        : await signin(api, {
            username: values.username,
            password: str(form, "password"),
            ...captcha,
          });
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    // The captcha just tried is spent, right or wrong: the answer carries the next one.
    const next = await captchaIfOn(api);
    return data(
      { intent, message: err.message, fieldErrors: err.fieldErrors, values, captcha: next },
      { status: err.status === 500 ? 500 : 400 },
    );
  }
  const config = await siteConfig(api);
  setCookie(context, tokenCookie(request, session.token, config.tokenExpireDays));
  setCookie(
    context,
    flashCookie({
      kind: "success",
      text: intent === "signup" ? `注册成功，欢迎你，${session.user.nickname}` : "登录成功",
    }),
  );
  throw redirect(ref);
}

export default function Signin({ loaderData, actionData }: Route.ComponentProps) {
  const { ref, fields } = loaderData;
  // A failed attempt and 换一张 both answer with the next captcha.
  const captcha = actionData ? actionData.captcha : loaderData.captcha;
  const tab: Tab = actionData?.intent ?? loaderData.tab;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  const form = { rules: fields[tab], errors, values };
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && !navigation.formData?.get("refreshCaptcha");
  const tabHref = (t: Tab) =>
    `/user/signin?${new URLSearchParams({ ...(t === "signup" ? { tab: "signup" } : {}), ref })}`;
  const generalError = actionData && !Object.keys(errors).length ? actionData.message : null;
  // After an error the form keeps what was typed, but never the passwords nor the spent captcha answer.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData || !formRef.current) return;
    for (const name of ["password", "rePassword", "captchaCode"]) {
      const field = formRef.current.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
  }, [actionData]);

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <nav className="mb-6 flex gap-6 border-b border-line" aria-label="登录或注册">
          {(["signin", "signup"] as const).map((t) => (
            <Link
              key={t}
              to={tabHref(t)}
              replace
              aria-current={tab === t ? "page" : undefined}
              className={`-mb-px border-b-2 pb-2 text-lg ${tab === t ? "border-primary font-semibold" : "border-transparent text-muted"}`}
            >
              {t === "signin" ? "登录" : "注册"}
            </Link>
          ))}
        </nav>
        <Form method="post" className="space-y-4" key={tab} noValidate ref={formRef}>
          {/* Enter submits with the first submit button in the form: make that this one, not 换一张. */}
          <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
          <input type="hidden" name="intent" value={tab} />
          <input type="hidden" name="ref" value={ref} />
          <FormAlert message={generalError} />
          {tab === "signup" && <Field formState={form} label="昵称" name="nickname" autoComplete="nickname" />}
          <Field
            formState={form}
            label={tab === "signin" ? "用户名或邮箱" : "用户名"}
            name="username"
            autoComplete="username"
            hint={tab === "signup" ? "以字母开头，3到20位字母、数字或下划线" : undefined}
          />
          {tab === "signup" && <Field formState={form} label="邮箱" name="email" type="email" autoComplete="email" />}
          <Field
            formState={form}
            label="密码"
            name="password"
            type="password"
            autoComplete={tab === "signin" ? "current-password" : "new-password"}
            hint={tab === "signup" ? `${userLimits.passwordMin}到${userLimits.password}个字符` : undefined}
          />
          {tab === "signup" && (
            <Field formState={form} label="确认密码" name="rePassword" type="password" autoComplete="new-password" />
          )}
          {captcha && (
            <div>
              <label htmlFor="f-captchaCode" className="text-sm font-medium">
                验证码
              </label>
              <div className="mt-1 flex items-center gap-2">
                <input
                  id="f-captchaCode"
                  name="captchaCode"
                  autoComplete="off"
                  maxLength={10}
                  aria-invalid={errors.captchaCode ? true : undefined}
                  className={`${inputClass} mt-0 flex-1`}
                />
                <input type="hidden" name="captchaId" value={captcha.captchaId} />
                <img
                  src={captcha.captchaUrl}
                  alt="验证码"
                  width={120}
                  height={44}
                  className="h-11 w-[120px] rounded-lg border border-line"
                />
                <button
                  type="submit"
                  name="refreshCaptcha"
                  value="1"
                  formNoValidate
                  className="shrink-0 text-xs text-muted hover:text-primary"
                >
                  换一张
                </button>
              </div>
              {errors.captchaCode && (
                <p className="mt-1 text-xs text-danger" role="alert">
                  {errors.captchaCode}
                </p>
              )}
            </div>
          )}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-full bg-primary py-2.5 font-medium text-on-primary disabled:opacity-60"
          >
            {busy ? "请稍候…" : tab === "signin" ? "登录" : "注册"}
          </button>
          <p className="text-center text-xs text-muted">
            {tab === "signup" ? "注册即表示你同意" : "登录即表示你同意"}
            <Link to="/agreement/agreement" className="text-primary">
              《用户协议》
            </Link>
          </p>
        </Form>
      </div>
    </main>
  );
}
