import { Form } from "react-router";
import type { Route } from "./+types/words";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getWords } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { wordActions } from "../../../contract/admin/moderation.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { words: await orErrorPage(getWords(apiClient(request, context))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) =>
    form.get("intent") === "starter"
      ? { endpoint: admin.importStarterWords, done: "推荐词表已导入，可以继续修改" }
      : { endpoint: admin.saveWords, done: "敏感词已保存" },
  );
}

const hints = {
  refuse: "含有这些词的作品和评论不能发布，提示会指出是哪个词。",
  review: "含有这些词的作品和评论先送审，管理员在“作品”中恢复后才公开。",
  mask: "这些词会被替换成＊后发布。",
} as const;

/** 敏感词: three lists, one word a line; matching skips spaces and punctuation and ignores case and full width. */
export default function AdminWords({ loaderData, actionData }: Route.ComponentProps) {
  const { words } = loaderData;
  const empty = wordActions.every((a) => words[a.key].length === 0);
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">敏感词</h1>
      <Form method="post" className="rounded-2xl border border-line bg-surface p-4 text-sm" data-testid="starter-words">
        <input type="hidden" name="intent" value="starter" />
        <p className="mb-2 text-muted">
          {empty
            ? "三个词表都是空的：新站点可以先导入本站的推荐词表（违禁组织、违法交易与赌博、引流诈骗、辱骂），再按需要修改。"
            : "推荐词表收录了违禁组织、违法交易与赌博、引流诈骗和辱骂用语；导入时只加入还没有的词，已有的词保持原样。"}
        </p>
        <SubmitButton label="导入推荐词表" />
      </Form>
      <Form method="post" className="space-y-4">
        {/* A list's own problem shows under that list; the alert is for the rest. */}
        <FormAlert message={Object.keys(errors).length ? null : actionData?.message} />
        {wordActions.map((a) => (
          <div key={a.key}>
            <label htmlFor={`w-${a.key}`} className="text-sm font-medium">
              {a.label}
            </label>
            <p className="text-xs text-muted">{hints[a.key]} 每行一个词。</p>
            <textarea
              id={`w-${a.key}`}
              name={a.key}
              rows={6}
              defaultValue={actionData?.values?.[a.key] ?? words[a.key].join("\n")}
              aria-invalid={errors[a.key] ? true : undefined}
              className={`${inputClass} font-mono text-sm`}
            />
            {errors[a.key] && (
              <p className="mt-1 text-xs text-danger" role="alert">
                {errors[a.key]}
              </p>
            )}
          </div>
        ))}
        <SubmitButton label="保存敏感词" />
      </Form>
    </main>
  );
}
