import { Form } from "react-router";
import type { Route } from "./+types/access";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getAccess, getInvites } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { Panel } from "../../components/Panel.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { adminLimits, chinaMinute, registrationModes, switchableWays } from "../../../contract/admin/moderation.ts";
import { oauthLabels } from "../../../contract/signin/ways-in.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const api = apiClient(request, context);
  const [access, invites] = await orErrorPage(Promise.all([getAccess(api), getInvites(api)]));
  return { access, invites };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const intent = form.get("intent");
    if (intent === "access") return { endpoint: admin.saveAccess, done: "注册与登录设置已保存" };
    if (intent === "invites") return { endpoint: admin.createInvites, done: "邀请码已生成" };
    return null;
  });
}

const wayLabel = (w: (typeof switchableWays)[number]) => (w === "sms" ? "手机验证码" : oauthLabels[w]);

/** 注册与登录: who may open an account, which ways in the sign-in page offers, and invitation codes. */
export default function AdminAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { access, invites } = loaderData;
  const unused = invites.filter((i) => !i.usedBy);
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">注册与登录</h1>
      <FormAlert message={actionData?.message} />
      <Panel id="access-title" title="注册方式与登录方式">
        <Form method="post" className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium">注册</legend>
            <p className="text-xs text-muted">也适用于第一次用手机号或第三方账号登录时自动开通的账号。</p>
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              {registrationModes.map((m) => (
                <label key={m.key} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="registration"
                    value={m.key}
                    defaultChecked={access.registration === m.key}
                  />
                  {m.label}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium">登录方式</legend>
            <p className="text-xs text-muted">账号密码登录始终可用；关闭的方式不会出现在登录页，接口也会拒绝。</p>
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              {switchableWays.map((w) => (
                <label key={w} className="flex items-center gap-1.5">
                  <input type="checkbox" name="ways" value={w} defaultChecked={!access.waysOff.includes(w)} />
                  {wayLabel(w)}
                </label>
              ))}
            </div>
          </fieldset>
          <input type="hidden" name="intent" value="access" />
          <SubmitButton label="保存" />
        </Form>
      </Panel>
      <Panel id="invites-title" title="邀请码">
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            生成数量
            <input
              type="number"
              name="count"
              min={1}
              max={adminLimits.inviteBatch}
              defaultValue={actionData?.values?.count ?? 5}
              className={`${inputClass} w-28 text-sm`}
            />
          </label>
          <button name="intent" value="invites" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
            生成邀请码
          </button>
        </Form>
        <p className="mt-3 text-xs text-muted">
          每个邀请码只能注册一个账号。未使用 {unused.length} 个，以下为最近 {invites.length} 个。
        </p>
        <ul className="mt-2 divide-y divide-line text-sm">
          {invites.map((i) => (
            <li key={i.code} className="flex flex-wrap gap-x-3 py-1.5">
              <code className={`font-mono ${i.usedBy ? "text-muted line-through" : ""}`}>{i.code}</code>
              <span className="text-muted">{chinaMinute(i.createdAt)}</span>
              {i.usedBy && (
                <span className="text-muted">
                  {i.usedBy.nickname} 于 {chinaMinute(i.usedAt)} 使用
                </span>
              )}
            </li>
          ))}
        </ul>
      </Panel>
    </main>
  );
}
