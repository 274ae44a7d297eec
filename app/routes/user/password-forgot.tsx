import { Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/password-forgot";
import { apiClient } from "../../lib/api.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { safeRef } from "../../lib/ref.ts";
import { captchaIfOn } from "../../lib/signin.server.ts";
import { forgotPassword } from "../../lib/upstream/signin.ts";
import { formRules } from "../../../contract/shared/fields.ts";
import { forgotPasswordSchema } from "../../../contract/signin/schemas.ts";
import { mailLinkLimits } from "../../../contract/signin/ways-in.ts";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { CaptchaField } from "../../components/signin/CaptchaField.tsx";
import { attempt, fieldsOf, refused } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "找回密码" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    captcha: await captchaIfOn(apiClient(request, context)),
    rules: formRules(forgotPasswordSchema, ["email"]),
    // Back to sign-in keeps the page the person was on.
    signin: `/user/signin?${new URLSearchParams({ ref: safeRef(new URL(request.url).searchParams.get("ref")) })}`,
  };
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

/** The same answer whether the address has an account or not (api/services/signin/mail-links.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = apiClient(request, context, null);
  const email = String(form.get("email") ?? "");
  const next = () => captchaIfOn(api);
  if (form.get("refreshCaptcha")) return { sentTo: null, email, message: "", fieldErrors: {}, captcha: await next() };
  const sent = await attempt(forgotPassword(api, fieldsOf(form, forgotPasswordSchema)));
  if (!sent.ok) return refused(sent.failure, { sentTo: null, email, captcha: await next() });
  return { sentTo: email.trim(), email, message: "", fieldErrors: {}, captcha: null };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const captcha = actionData ? actionData.captcha : loaderData.captcha;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  if (actionData?.sentTo)
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl border border-line bg-surface p-6 text-center shadow-sm" role="status">
          <h1 className="text-xl font-semibold">请查收邮件</h1>
          <p className="mt-3 text-sm text-muted">
            如果 {actionData.sentTo} 是某个账号的邮箱，我们已向它发送了重置密码的链接，
            {mailLinkLimits.resetHours}小时内有效。没有收到？请检查垃圾邮件，或稍后再试。
          </p>
          <Link to={loaderData.signin} className="mt-6 inline-block text-sm text-primary">
            返回登录
          </Link>
        </div>
      </main>
    );
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Form method="post" noValidate className="space-y-4 rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
        <h1 className="text-xl font-semibold">找回密码</h1>
        <p className="text-sm text-muted">
          填写账号的邮箱，我们会发送一个重置密码的链接。用手机号注册的账号可以直接短信登录。
        </p>
        <FormAlert message={actionData && !Object.keys(errors).length ? actionData.message : null} />
        <Field
          formState={{ rules: loaderData.rules, errors, values: actionData ?? undefined }}
          label="邮箱"
          name="email"
          type="email"
          autoComplete="email"
        />
        {captcha && <CaptchaField captcha={captcha} error={errors.captchaCode} />}
        <SubmitButton label="发送重置链接" busyLabel="发送中…" />
        <p className="text-sm">
          <Link to={loaderData.signin} className="text-muted hover:text-primary">
            想起来了，返回登录
          </Link>
          <span className="mx-2 text-muted" aria-hidden="true">
            |
          </span>
          <Link to={`${loaderData.signin}&tab=phone`} className="text-muted hover:text-primary">
            短信登录
          </Link>
        </p>
      </Form>
    </main>
  );
}
