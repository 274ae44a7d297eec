import { data, Form } from "react-router";
import type { Route } from "./+types/tokens";
import { Field } from "../../../components/Field.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { TokenList } from "../../../components/account/TokenList.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { createToken, listTokens, revokeToken } from "../../../lib/upstream/account.ts";
import { attempt, done, formBody, refused } from "../../../lib/form-action.server.ts";
import { account } from "../../../../contract/account/endpoints.ts";
import { formRules } from "../../../../contract/shared/fields.ts";
import { tokenSchema } from "../../../../contract/account/schemas.ts";
import { tokenLifetimes, tokenScopes } from "../../../../contract/account/tokens.ts";

export const meta: Route.MetaFunction = () => [{ title: "访问令牌" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const tokens = await orErrorPage(listTokens(apiClient(request, context)));
  return { tokens, rules: formRules(tokenSchema, ["name"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "revoke") {
    const revoked = await attempt(revokeToken(api, Number(form.get("tokenId")) || 0));
    if (!revoked.ok) return refused(revoked.failure, { created: null });
    return done(context, "访问令牌已撤销，使用它的程序将无法再访问", "/user/profile/tokens");
  }
  if (intent !== "create") return data({ message: "未知操作", fieldErrors: {}, created: null }, 400);
  const made = await attempt(createToken(api, formBody(account.createToken, form)));
  if (!made.ok) return refused(made.failure, { created: null, values: { name: String(form.get("name") ?? "") } });
  // Answered, not redirected: the secret is shown on this page once, and never again.
  return { message: "", fieldErrors: {} as Record<string, string>, created: made.value };
}

/** 访问令牌: keys a member makes for their own bots and apps (contract/account/tokens.ts). */
export default function Tokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens, rules } = loaderData;
  const created = actionData?.created ?? null;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const values = actionData && "values" in actionData ? (actionData.values as { name: string }) : undefined;
  const card = "space-y-3 rounded-2xl border border-line bg-surface p-5";
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        访问令牌让你自己的程序（机器人、备份脚本、第三方应用）以你的身份调用艺社的接口：在请求头中带上{" "}
        <code className="rounded bg-canvas px-1">Authorization: Bearer 令牌</code>
        。每个令牌只能做你勾选的事，永远不能进入管理后台、修改账号设置或创建新的令牌。
      </p>
      {created && (
        <section className={`${card} border-primary`} role="status" aria-labelledby="created-title">
          <h2 id="created-title" className="font-semibold">
            {`新令牌「${created.view.name}」已创建`}
          </h2>
          <p className="text-sm">请立即复制保存：它只显示这一次，离开本页后无法再查看。</p>
          <input
            readOnly
            value={created.token}
            aria-label="新令牌"
            className="w-full rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </section>
      )}
      <Form method="post" className={card} noValidate aria-label="创建访问令牌">
        <input type="hidden" name="intent" value="create" />
        <h2 className="font-semibold">创建访问令牌</h2>
        <FormAlert message={!created && !Object.keys(errors).length ? actionData?.message : undefined} />
        <Field name="name" label="令牌名称" hint="写下它的用途，如“备份脚本”" formState={{ rules, errors, values }} />
        <fieldset className="space-y-2" aria-describedby={errors.scopes ? "scopes-error" : undefined}>
          <legend className="font-medium">权限</legend>
          {tokenScopes.map((s) => (
            <div key={s.key} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                id={`scope-${s.key}`}
                name={`scope_${s.key}`}
                defaultChecked={s.key === "read"}
                aria-describedby={`scope-${s.key}-hint`}
                className="mt-1"
              />
              <div>
                <label htmlFor={`scope-${s.key}`}>{s.label}</label>
                <p id={`scope-${s.key}-hint`} className="text-xs text-muted">
                  {s.hint}
                </p>
              </div>
            </div>
          ))}
          {errors.scopes && (
            <p id="scopes-error" role="alert" className="text-sm text-danger">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <label className="block text-sm font-medium">
          有效期
          <select
            name="lifetime"
            defaultValue={90}
            className="mt-1 block rounded-lg border border-line bg-surface px-3 py-2"
          >
            {tokenLifetimes.map((l) => (
              <option key={l.days} value={l.days}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton label="创建令牌" busyLabel="创建中…" />
      </Form>
      <section className={card} aria-labelledby="tokens-title">
        <h2 id="tokens-title" className="font-semibold">
          我的访问令牌
        </h2>
        <TokenList tokens={tokens} />
      </section>
    </div>
  );
}
