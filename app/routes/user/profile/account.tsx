import type { ReactNode } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/account";
import { Field } from "../../../components/Field.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { RelativeTime } from "../../../components/RelativeTime.tsx";
import { apiClient, orErrorPage, type ApiFailure } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { changeAccount, endSessions, listSessions } from "../../../lib/upstream/account.ts";
import {
  bindPhone,
  resendVerifyMail,
  sendSmsCode,
  signinWays,
  unbindPhone,
  unlinkProvider,
} from "../../../lib/upstream/signin.ts";
import { captchaIfOn } from "../../../lib/signin.server.ts";
import { SigninWays, type WaysAnswer } from "../../../components/account/SigninWays.tsx";
import { formRules } from "../../../../contract/shared/fields.ts";
import { emailSchema, passwordSchema, usernameSchema } from "../../../../contract/account/schemas.ts";
import { attempt, done, fieldsOf, refused } from "../../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "账号与安全" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const api = apiClient(request, context);
  const [sessions, ways, captcha] = await Promise.all([
    orErrorPage(listSessions(api)),
    orErrorPage(signinWays(api)),
    // Binding a number sends a code, which the captcha guards.
    user.phone ? null : captchaIfOn(api),
  ]);
  const rules = {
    ...formRules(usernameSchema, ["username"]),
    ...formRules(emailSchema, ["email"]),
    ...formRules(passwordSchema, ["oldPassword", "password", "rePassword"]),
  };
  return { user, sessions, ways, captcha, rules };
}

const saidOnSuccess = {
  username: "用户名已修改",
  email: "验证邮件已发送到新邮箱，点击邮件中的链接后生效",
  resendVerify: "验证邮件已发送，请查收",
  password: "密码已保存，其他设备已退出登录",
  endSession: "该设备已退出登录",
  endOthers: "其他设备已全部退出登录",
  bindPhone: "手机号已绑定",
  unbindPhone: "手机号已解绑",
  unlink: "已解绑",
} as const;
type Intent = keyof typeof saidOnSuccess | "sendCode";

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  // 获取验证码 and 换一张 are buttons of the bind-phone form, 重新发送验证邮件 of the e-mail form.
  const intent = (
    form.get("sendCode") ? "sendCode" : form.get("resendVerify") ? "resendVerify" : field("intent")
  ) as Intent;
  if (intent !== "sendCode" && !Object.hasOwn(saidOnSuccess, intent))
    return data({ intent, message: "未知操作", fieldErrors: {} }, 400);
  const values = { phone: field("phone") };
  if (form.get("refreshCaptcha"))
    return { intent, message: "", fieldErrors: {}, values, captcha: await captchaIfOn(api) };
  const captcha = { captchaId: field("captchaId"), captchaCode: field("captchaCode") };
  // A refused code or binding shows the next captcha: the one tried is spent.
  const refusedHere = async (failure: ApiFailure) =>
    refused(failure, {
      intent,
      values,
      captcha: intent === "sendCode" || intent === "bindPhone" ? await captchaIfOn(api) : undefined,
    });
  if (intent === "sendCode") {
    const sent = await attempt(sendSmsCode(api, { phone: values.phone, ...captcha }));
    if (!sent.ok) return refusedHere(sent.failure);
    const next = await captchaIfOn(api);
    return { intent, message: "", fieldErrors: {}, values, sent: { ...sent.value, at: Date.now() }, captcha: next };
  }
  const calls: Record<Exclude<Intent, "sendCode">, () => Promise<unknown>> = {
    username: () => changeAccount(api, "username", fieldsOf(form, usernameSchema)),
    email: () => changeAccount(api, "email", fieldsOf(form, emailSchema)),
    resendVerify: () => resendVerifyMail(api),
    password: () => changeAccount(api, "password", fieldsOf(form, passwordSchema)),
    endSession: () => endSessions(api, Number(field("sessionId")) || undefined),
    endOthers: () => endSessions(api),
    bindPhone: () => bindPhone(api, { phone: values.phone, verifyCode: field("verifyCode") }),
    unbindPhone: () => unbindPhone(api),
    unlink: () => unlinkProvider(api, field("provider")),
  };
  const changed = await attempt(calls[intent]());
  if (!changed.ok) return refusedHere(changed.failure);
  return done(context, saidOnSuccess[intent], "/user/profile/account");
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, ways, rules } = loaderData;
  const answer = actionData ?? null;
  // 获取验证码 and 换一张 answer with the next captcha.
  const captcha = answer && "captcha" in answer && answer.captcha !== undefined ? answer.captcha : loaderData.captcha;
  const stateOf = (intent: Intent) => ({
    rules,
    errors: actionData?.intent === intent ? actionData.fieldErrors : {},
  });
  const card = "space-y-3 rounded-2xl border border-line bg-surface p-5";
  /** One of the page's forms: its intent, its fields, why it was refused (when not a field's fault), its button. */
  const section = (intent: Intent, label: string, submit: string, fields: ReactNode, after?: ReactNode) => (
    <Form method="post" className={card} noValidate aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {fields}
      {actionData?.intent === intent && !Object.keys(actionData.fieldErrors ?? {}).length && (
        <p role="alert" className="text-sm text-danger">
          {actionData.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label={submit} busyLabel="提交中…" />
        {after}
      </div>
    </Form>
  );
  const passwords = [
    ...(user.hasPassword ? ([["oldPassword", "原密码", "current-password"]] as const) : []),
    ["password", "新密码", "new-password"],
    ["rePassword", "确认新密码", "new-password"],
  ] as const;
  return (
    <div className="space-y-6">
      {section(
        "username",
        "用户名",
        "修改用户名",
        <Field
          formState={stateOf("username")}
          name="username"
          label="用户名"
          defaultValue={user.username}
          hint="以字母开头，3到20位字母、数字或下划线；只能修改一次"
        />,
      )}
      {section(
        "email",
        "邮箱",
        "修改邮箱",
        <Field
          formState={stateOf("email")}
          name="email"
          label="邮箱"
          type="email"
          defaultValue={user.email ?? ""}
          hint={
            ways.pendingEmail
              ? `待验证：${ways.pendingEmail}，点击验证邮件中的链接后生效`
              : user.email
                ? user.emailVerified
                  ? "已验证；修改后需验证新邮箱"
                  : "未验证：请点击验证邮件中的链接"
                : "用于登录和找回密码；填写后需验证"
          }
        />,
        (ways.pendingEmail || (user.email && !user.emailVerified)) && (
          <button type="submit" name="resendVerify" value="1" formNoValidate className="text-sm text-primary">
            重新发送验证邮件
          </button>
        ),
      )}
      {section(
        "password",
        user.hasPassword ? "修改密码" : "设置密码",
        user.hasPassword ? "修改密码" : "设置密码",
        passwords.map(([name, label, autoComplete]) => (
          <Field
            key={name}
            formState={stateOf("password")}
            name={name}
            label={label}
            type="password"
            autoComplete={autoComplete}
          />
        )),
      )}
      <SigninWays user={user} ways={ways} captcha={captcha ?? null} answer={answer as WaysAnswer} />
      <section className={card} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="font-semibold">
          登录设备
        </h2>
        <ul className="divide-y divide-line" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.sessionId} className="flex items-center gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {s.client}
                  {s.current && <span className="ml-2 text-xs text-primary">当前设备</span>}
                </p>
                <p className="text-xs text-muted">
                  {s.ip || "未知地址"} · 登录于 <RelativeTime ms={s.createdAt} /> · 最近使用{" "}
                  <RelativeTime ms={s.lastSeenAt} />
                </p>
              </div>
              {!s.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="endSession" />
                  <input type="hidden" name="sessionId" value={s.sessionId} />
                  <button type="submit" className="text-xs text-muted hover:text-danger">
                    退出
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.length > 1 && (
          <Form method="post">
            <input type="hidden" name="intent" value="endOthers" />
            <button type="submit" className="rounded-full border border-line px-4 py-1.5 text-sm hover:text-danger">
              退出其他所有设备
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
