import { Form } from "react-router";
import type { Route } from "./+types/words";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "../../lib/admin.server.ts";
import { getWords } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { wordActions } from "../../../contract/admin.ts";
import { admin } from "../../../contract/endpoints/admin.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { words: await orErrorPage(getWords(apiClient(request, context))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, () => ({ endpoint: admin.saveWords, done: "敏感词已保存" }));
}

const hints = {
  refuse: "含有这些词的作品和评论不能发布，提示会指出是哪个词。",
  review: "含有这些词的作品和评论先送审，管理员在“作品”中恢复后才公开。",
  mask: "这些词会被替换成＊后发布。",
} as const;

/** 敏感词: three lists, one word a line; matching skips spaces and punctuation and ignores case and full width. */
export default function AdminWords({ loaderData, actionData }: Route.ComponentProps) {
  const { words } = loaderData;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">敏感词</h1>
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
