import { data, Form } from "react-router";
import type { Route } from "./+types/webhooks";
import { Field } from "../../../components/Field.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { DeliveryLog, WebhookList } from "../../../components/account/WebhookList.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { createWebhook, listWebhooks, pingWebhook, removeWebhook } from "../../../lib/upstream/webhooks.ts";
import { attempt, done, formBody, refused } from "../../../lib/form-action.server.ts";
import { webhooks } from "../../../../contract/webhooks/endpoints.ts";
import { formRules } from "../../../../contract/shared/fields.ts";
import { webhookSchema } from "../../../../contract/webhooks/schemas.ts";
import { siteEvent, webhookEventKeys, webhookEvents } from "../../../../contract/webhooks/events.ts";

export const meta: Route.MetaFunction = () => [{ title: "Webhook" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const page = await orErrorPage(listWebhooks(apiClient(request, context)));
  // Site-wide events are offered to the owner alone (the API refuses them to anyone else).
  const events = webhookEventKeys.filter((e) => !siteEvent(e) || me.roles.includes("owner"));
  return { ...page, events, rules: formRules(webhookSchema, ["url"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("webhookId")) || 0;
  if (intent === "remove" || intent === "ping") {
    const acted = await attempt(intent === "remove" ? removeWebhook(api, id) : pingWebhook(api, id));
    if (!acted.ok) return refused(acted.failure, { created: null });
    return done(
      context,
      intent === "remove" ? "Webhook 已删除" : "测试投递已排队，稍后在投递记录中查看结果",
      "/user/profile/webhooks",
    );
  }
  if (intent !== "create") return data({ message: "未知操作", fieldErrors: {}, created: null }, 400);
  const made = await attempt(createWebhook(api, formBody(webhooks.create, form)));
  if (!made.ok) return refused(made.failure, { created: null, values: { url: String(form.get("url") ?? "") } });
  // Answered, not redirected: the signing secret is shown on this page once.
  return { message: "", fieldErrors: {} as Record<string, string>, created: made.value };
}

/** Webhook: addresses told of what happens, each delivery signed (contract/webhooks/events.ts). */
export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { hooks, deliveries, events, rules } = loaderData;
  const created = actionData?.created ?? null;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const values = actionData && "values" in actionData ? (actionData.values as { url: string }) : undefined;
  const card = "space-y-3 rounded-2xl border border-line bg-surface p-5";
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        {
          "发生你关心的事时，艺社会向你填写的地址发送一个 POST 请求（JSON），按 Standard Webhooks 规范签名：用添加后只显示一次的密钥校验 "
        }
        <code className="rounded bg-canvas px-1">webhook-signature</code>
        {"。没有收到 2xx 回应会稍后重试，共 8 次。地址不能指向内网或本机。"}
      </p>
      {created && (
        <section className={`${card} border-primary`} role="status" aria-labelledby="created-title">
          <h2 id="created-title" className="font-semibold">
            Webhook 已添加
          </h2>
          <p className="text-sm">签名密钥只显示这一次，请立即复制保存：</p>
          <input
            readOnly
            value={created.secret}
            aria-label="签名密钥"
            className="w-full rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </section>
      )}
      <Form method="post" className={card} noValidate aria-label="添加 Webhook">
        <input type="hidden" name="intent" value="create" />
        <h2 className="font-semibold">添加 Webhook</h2>
        <FormAlert message={!created && !Object.keys(errors).length ? actionData?.message : undefined} />
        <Field
          name="url"
          label="接收地址"
          hint="https://…，你的服务器上接收事件的地址"
          formState={{ rules, errors, values }}
        />
        <fieldset className="space-y-2" aria-describedby={errors.events ? "events-error" : undefined}>
          <legend className="font-medium">事件</legend>
          {events.map((e) => (
            <label key={e} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="events" value={e} defaultChecked={e === "comment.received"} />
              {webhookEvents[e].label}
              <code className="text-xs text-muted">{e}</code>
            </label>
          ))}
          {errors.events && (
            <p id="events-error" role="alert" className="text-sm text-danger">
              {errors.events}
            </p>
          )}
        </fieldset>
        <SubmitButton label="添加" busyLabel="添加中…" />
      </Form>
      <section className={card} aria-labelledby="hooks-title">
        <h2 id="hooks-title" className="font-semibold">
          我的 Webhook
        </h2>
        <WebhookList hooks={hooks} />
      </section>
      <section className={card} aria-labelledby="log-title">
        <h2 id="log-title" className="font-semibold">
          最近的投递
        </h2>
        <DeliveryLog deliveries={deliveries} />
      </section>
    </div>
  );
}
