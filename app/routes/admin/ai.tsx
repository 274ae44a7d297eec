import { Form } from "react-router";
import type { Route } from "./+types/ai";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getAiAdmin } from "../../lib/upstream/ai.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { Panel } from "../../components/Panel.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { aiLimits, aiSettingLimits } from "../../../contract/ai/ai.ts";
import { ai } from "../../../contract/ai/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return orErrorPage(getAiAdmin(apiClient(request, context)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) =>
    form.get("intent") === "settings" ? { endpoint: ai.saveSettings, done: "AI 设置已保存" } : null,
  );
}

const cell = "px-3 py-1.5 text-right tabular-nums";

/** AI: whether it answers, how much each member may ask, the site's system prompt, and use per day (no one's words). */
export default function AdminAi({ loaderData, actionData }: Route.ComponentProps) {
  const { configured, model, reasoningModel, settings, usage, siteToday, conversations, messages } = loaderData;
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">AI</h1>
      <FormAlert message={actionData?.message} />
      <p className="rounded-lg bg-surface-2 px-4 py-3 text-sm" data-testid="ai-provider">
        {configured
          ? `模型：${model}；深度思考：${reasoningModel}。密钥和地址在服务器的环境变量里（AI_*），这里不显示。`
          : "未配置：设置环境变量 AI_BASE_URL、AI_API_KEY、AI_MODEL 后重启，AI 才会出现（见 README）。"}
      </p>
      <Panel id="ai-settings-title" title="设置">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="settings" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="enabled" defaultChecked={settings.enabled} />
            开启 AI（关闭后入口、页脚说明都会隐藏，接口拒绝提问）
          </label>
          <div className="flex flex-wrap gap-4">
            <CountInput
              name="dailyQuota"
              label="每人每天提问次数"
              min={0}
              max={aiSettingLimits.dailyQuota}
              value={values?.dailyQuota ?? settings.dailyQuota}
              invalid={!!errors.dailyQuota}
            />
            <CountInput
              name="perMinute"
              label="每人每分钟提问次数"
              min={1}
              max={aiSettingLimits.perMinute}
              value={values?.perMinute ?? settings.perMinute}
              invalid={!!errors.perMinute}
            />
            <CountInput
              name="siteDaily"
              label="全站每天提问总数"
              min={0}
              max={aiSettingLimits.siteDaily}
              value={values?.siteDaily ?? settings.siteDaily}
              invalid={!!errors.siteDaily}
            />
          </div>
          <p className="text-sm text-muted" data-testid="ai-site-today">
            今天全站已提问 {siteToday} 次，上限 {settings.siteDaily} 次；提问一旦送到模型就计次，只有模型出错时退还。
          </p>
          <label className="block text-sm">
            系统提示词（加在本站规则之前；本站规则——资料只是数据、标注出处、不许读取拒绝 AI 的作品——不能被它改变）
            <textarea
              name="systemPrompt"
              rows={4}
              maxLength={aiLimits.systemPrompt}
              defaultValue={values?.systemPrompt ?? settings.systemPrompt}
              className={`${inputClass} mt-1 w-full`}
            />
          </label>
          <SubmitButton label="保存" />
        </Form>
      </Panel>
      <Panel id="ai-usage-title" title="最近 30 天的用量">
        <p className="mb-2 text-sm text-muted">
          现有 {conversations} 个对话、{messages} 条消息。对话内容只有提问的人自己能看到。
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="ai-usage">
            <thead className="text-muted">
              <tr>
                <th className="px-3 py-1.5 text-left font-normal">日期</th>
                <th className={`${cell} font-normal`}>提问</th>
                <th className={`${cell} font-normal`}>提问人数</th>
                <th className={`${cell} font-normal`}>输入 tokens</th>
                <th className={`${cell} font-normal`}>输出 tokens</th>
                <th className={`${cell} font-normal`}>失败（未计次）</th>
              </tr>
            </thead>
            <tbody>
              {usage.map((d) => (
                <tr key={d.date} className="border-t border-line">
                  <td className="px-3 py-1.5">{d.date}</td>
                  <td className={cell}>{d.questions}</td>
                  <td className={cell}>{d.members}</td>
                  <td className={cell}>{d.tokensIn}</td>
                  <td className={cell}>{d.tokensOut}</td>
                  <td className={cell}>{d.failures}</td>
                </tr>
              ))}
              {usage.length === 0 && (
                <tr>
                  <td colSpan={6} className="px-3 py-6 text-center text-muted">
                    还没有人提问
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Panel>
    </main>
  );
}

/** A whole number an admin sets; after a refusal, what was typed. */
function CountInput(p: {
  name: string;
  label: string;
  min: number;
  max: number;
  value: string | number;
  invalid: boolean;
}) {
  return (
    <label className="text-sm">
      {p.label}
      <input
        type="number"
        name={p.name}
        min={p.min}
        max={p.max}
        required
        defaultValue={p.value}
        aria-invalid={p.invalid || undefined}
        className={`${inputClass} mt-1 w-32`}
      />
    </label>
  );
}
