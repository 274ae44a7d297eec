import { Form, Link } from "react-router";
import type { Route } from "./+types/users";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { findPeople } from "../../lib/upstream/admin.ts";
import { inputClass } from "../../components/Field.tsx";
import { Pager } from "../../components/admin/Pager.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const people = await orErrorPage(findPeople(apiClient(request, context), { q, page: url.searchParams.get("page") }));
  return { q, people };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, people } = loaderData;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">用户</h1>
      <Form method="get" role="search" aria-label="搜索用户" className="flex gap-2">
        <input
          name="q"
          defaultValue={q}
          aria-label="搜索用户"
          placeholder="昵称、用户名、邮箱或手机号"
          className={`${inputClass} mt-0 flex-1 text-sm`}
        />
        <button className="rounded-lg bg-primary px-4 text-sm text-on-primary">搜索</button>
      </Form>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {people.results.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <Link to={`/admin/users/${u.id}`} className="font-medium text-primary">
              {u.nickname}
            </Link>
            <span className="text-muted">@{u.username}</span>
            {u.roles.map((r) => (
              <span key={r} className="rounded bg-primary-soft px-1.5 text-xs text-primary">
                {r === "owner" ? "站长" : "管理员"}
              </span>
            ))}
            {u.muted && <span className="rounded bg-surface-2 px-1.5 text-xs">禁言中</span>}
            {u.banned && <span className="rounded bg-danger px-1.5 text-xs text-on-danger">已封禁</span>}
            <span className="ml-auto text-xs text-muted">
              作品 {u.workCount} · 积分 {u.score}
            </span>
          </li>
        ))}
        {people.results.length === 0 && <li className="px-4 py-6 text-center text-sm text-muted">没有找到用户</li>}
      </ul>
      <Pager {...people} />
    </main>
  );
}
