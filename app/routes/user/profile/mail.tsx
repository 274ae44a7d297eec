import { Form, Link } from "react-router";
import type { Route } from "./+types/mail";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { getMailChoices, saveMailChoices } from "../../../lib/upstream/account.ts";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { KindChoices } from "../../../components/account/KindChoices.tsx";
import { attempt, done, formBody, refused } from "../../../lib/form-action.server.ts";
import { account } from "../../../../contract/account/endpoints.ts";
import { mailNoticeKinds } from "../../../../contract/jobs/jobs.ts";

export const meta: Route.MetaFunction = () => [{ title: "邮件通知" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { choices: await orErrorPage(getMailChoices(apiClient(request, context))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const saved = await attempt(saveMailChoices(apiClient(request, context), formBody(account.saveMailChoices, form)));
  if (!saved.ok) return refused(saved.failure, {});
  return done(context, saved.value.kinds.length ? "邮件通知已保存" : "已关闭邮件通知", "/user/profile/mail");
}

/** 邮件通知: which notifications also come by mail, once a day in one digest; none unless chosen. */
export default function MailChoices({ loaderData, actionData }: Route.ComponentProps) {
  const { choices } = loaderData;
  return (
    <Form method="post" className="space-y-4 rounded-2xl border border-line bg-surface p-5">
      <FormAlert message={actionData?.message} />
      <p className="text-sm text-muted">
        选中的通知会在每天晚上 8 点（北京时间）汇总成一封邮件发给你；没有新通知的日子不会发信。每封邮件都可以一键退订。
      </p>
      {!choices.emailVerified && (
        <p className="rounded-xl bg-canvas p-3 text-sm" role="status">
          {choices.email ? "你的邮箱还没有验证，" : "你还没有填写邮箱，"}
          验证后才会收到邮件。
          <Link to="/user/profile/account" className="text-primary underline underline-offset-2">
            去账号与安全
          </Link>
        </p>
      )}
      <KindChoices legend="通过邮件接收" kinds={mailNoticeKinds} chosen={choices.kinds} />
      <SubmitButton label="保存" />
    </Form>
  );
}
