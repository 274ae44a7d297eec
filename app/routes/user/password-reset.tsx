import { Form, Link } from "react-router";
import type { Route } from "./+types/password-reset";
import { apiClient } from "../../lib/api.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { resetPassword } from "../../lib/upstream/signin.ts";
import { formRules } from "../../../contract/shared/fields.ts";
import { resetPasswordSchema } from "../../../contract/signin/schemas.ts";
import { userLimits } from "../../../contract/shared/limits.ts";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { attempt, done, fieldsOf, refused } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "重置密码" }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  return {
    token: new URL(request.url).searchParams.get("token") ?? "",
    rules: formRules(resetPasswordSchema, ["password", "rePassword"]),
  };
}

/** A new password from the mailed link; it works once, and every device signs in again after it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const sent = await attempt(resetPassword(apiClient(request, context, null), fieldsOf(form, resetPasswordSchema)));
  if (!sent.ok) return refused(sent.failure, {});
  return done(context, "密码已重置，请用新密码登录", "/user/signin");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const general = actionData && !Object.keys(errors).some((k) => k !== "token") ? actionData.message : null;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Form method="post" noValidate className="space-y-4 rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-xl font-semibold">设置新密码</h1>
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert message={general} />
        {general && /失效|已被使用/.test(general) && (
          <p className="text-sm">
            <Link to="/user/password/forgot" className="text-primary underline underline-offset-2">
              重新获取重置链接
            </Link>
          </p>
        )}
        <Field
          formState={{ rules: loaderData.rules, errors }}
          label="新密码"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`${userLimits.passwordMin}到${userLimits.password}个字符；重置后所有设备都需要重新登录`}
        />
        <Field
          formState={{ rules: loaderData.rules, errors }}
          label="确认新密码"
          name="rePassword"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton label="重置密码" busyLabel="提交中…" />
      </Form>
    </main>
  );
}
