import { data, Form } from "react-router";
import type { Route } from "./+types/pages";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { sendAdminForm } from "./admin.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { getPages } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { MarkdownEditor } from "../../components/publish/MarkdownEditor.tsx";
import { adminLimits } from "../../../contract/admin/moderation.ts";
import type { PagesView } from "../../../contract/admin/views.ts";
import { previewMarkdown } from "./preview.server.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { pages: await orErrorPage(getPages(apiClient(request, context))) };
}

const names = ["about", "protocol"] as const;
const titles: Record<(typeof names)[number], [string, string]> = {
  about: ["关于我们", "/about"],
  protocol: ["用户协议", "/protocol"],
};

/**
 * 保存 stores both pages; 预览 renders what was typed without storing it, so the preview works without
 * JavaScript too (with it, each editor's own 预览 tab does the same in the browser).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "preview")
    return sendAdminForm(request, context, form, () => ({ endpoint: admin.savePages, done: "页面内容已保存" }));
  const values = Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "").slice(0, adminLimits.page)]));
  const preview: PagesView = previewMarkdown(values as PagesView);
  return data({ message: null, fieldErrors: {} as Record<string, string>, values, preview });
}

/** 页面内容: the Markdown of /about and /protocol; left empty, a page shows the site's built-in text. */
export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const { pages } = loaderData;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">页面内容</h1>
      <p className="text-sm text-muted">用 Markdown 编写；留空则显示站点自带的默认内容。</p>
      <Form method="post" className="space-y-6">
        <FormAlert message={Object.keys(errors).length ? null : actionData?.message} />
        {names.map((n) => (
          <div key={n} className="space-y-2">
            <MarkdownEditor
              // A preview's answer brings back what was typed: remount so the editor shows it.
              key={`${n}-${preview ? "p" : "e"}`}
              name={n}
              label={`${titles[n][0]}（${titles[n][1]}）`}
              defaultValue={actionData?.values?.[n] ?? pages[n]}
              maxLength={adminLimits.page}
              rows={10}
              error={errors[n]}
            />
            {preview && (
              <section aria-label={`${titles[n][0]}预览`} className="rounded-xl border border-dashed border-line p-4">
                <p className="mb-2 text-xs text-muted">预览（尚未保存）</p>
                {preview[n] ? (
                  <div className="prose-work" dangerouslySetInnerHTML={{ __html: preview[n] }} />
                ) : (
                  <p className="text-sm text-muted">（空：显示默认内容）</p>
                )}
              </section>
            )}
          </div>
        ))}
        <div className="flex gap-3">
          <SubmitButton label="保存页面" />
          <button
            name="intent"
            value="preview"
            className="rounded-full border border-line px-6 py-2 text-sm hover:bg-surface-2"
          >
            预览
          </button>
        </div>
      </Form>
    </main>
  );
}
