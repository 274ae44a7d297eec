import { Form, Link } from "react-router";
import type { Route } from "./+types/tags";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { findTags } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { adminLimits } from "../../../contract/admin/moderation.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const query = { q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? "" };
  return { tags: await orErrorPage(findTags(apiClient(request, context), query)), query };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const id = Number(form.get("tagId"));
    if (!Number.isInteger(id) || id < 1) return null;
    const intent = form.get("intent");
    if (intent === "rename") return { endpoint: admin.renameTag, params: { id }, done: "标签已重命名" };
    if (intent === "merge") return { endpoint: admin.mergeTag, params: { id }, done: "标签已合并" };
    return null;
  });
}

const input = `${inputClass} mt-0 text-sm`;
const small = "shrink-0 rounded-lg border border-line px-3 py-1 text-sm hover:bg-surface-2";

/** 标签: rename one, or merge it into another (its works and followers' tastes move; the tag goes). */
export default function AdminTags({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, query } = loaderData;
  const typed = actionData?.values;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">标签</h1>
      <Form method="get" className="flex gap-2" aria-label="查找标签">
        <input name="q" defaultValue={query.q} aria-label="标签名" placeholder="标签名包含" className={input} />
        <button className="shrink-0 rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">查找</button>
      </Form>
      <FormAlert message={actionData?.message} />
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {tags.results.map((t) => {
          const mine = typed && Number(typed.tagId) === t.tagId ? typed : undefined;
          return (
            <li key={t.tagId} className="space-y-2 px-4 py-3 text-sm">
              <div className="flex flex-wrap gap-x-2">
                <Link to={`/arts/tag/${t.tagId}`} className="font-medium text-primary">
                  {t.name}
                </Link>
                <span className="text-muted">
                  #{t.tagId} · {t.workCount} 件作品
                </span>
              </div>
              <div className="grid gap-2 md:grid-cols-2">
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="tagId" value={t.tagId} />
                  <input
                    name="name"
                    required
                    maxLength={adminLimits.tagName}
                    defaultValue={mine?.intent === "rename" ? mine.name : t.name}
                    aria-label={`新名称（${t.name}）`}
                    className={input}
                  />
                  <button name="intent" value="rename" className={small}>
                    重命名
                  </button>
                </Form>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="tagId" value={t.tagId} />
                  <input
                    name="into"
                    required
                    inputMode="numeric"
                    defaultValue={mine?.intent === "merge" ? mine.into : ""}
                    aria-label={`合并到的标签编号（${t.name}）`}
                    placeholder="合并到标签编号"
                    className={input}
                  />
                  <button name="intent" value="merge" className={small}>
                    合并
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
        {tags.results.length === 0 && <li className="px-4 py-6 text-center text-sm text-muted">没有标签</li>}
      </ul>
      <Pager {...tags} />
    </main>
  );
}
