import { Link } from "react-router";
import type { Route } from "./+types/list";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { listCommissions } from "../../lib/upstream/commissions.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { CommissionStateLabel } from "../../components/commissions/CommissionState.tsx";

/** /commissions: the requests a member received as a creator, or (?role=sent) those they sent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const role = url.searchParams.get("role") === "sent" ? "sent" : "received";
  const cursor = url.searchParams.get("cursor") || undefined;
  return { role, page: await orErrorPage(listCommissions(apiClient(request, context), role, cursor)) };
}

export const meta: Route.MetaFunction = () => [{ title: "我的约稿" }, { name: "robots", content: "noindex" }];

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { role, page } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <h1 className="text-xl font-bold">我的约稿</h1>
      <nav aria-label="约稿" className="flex gap-1 border-b border-line">
        {(
          [
            ["received", "收到的约稿", "/commissions"],
            ["sent", "发出的约稿", "/commissions?role=sent"],
          ] as const
        ).map(([key, title, to]) => (
          <Link
            key={key}
            to={to}
            aria-current={role === key ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm ${role === key ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-fg"}`}
          >
            {title}
          </Link>
        ))}
      </nav>
      {page.results.length ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="commission-list">
          {page.results.map((c) => {
            const other = role === "sent" ? c.creator : c.client;
            return (
              <li key={c.commissionId}>
                <Link
                  to={`/commissions/${c.commissionId}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
                >
                  <Avatar user={other} size={35} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{c.title}</span>
                    <span className="text-xs text-muted">
                      {role === "sent" ? "创作者" : "约稿方"} {other.nickname}
                      {c.budget && ` · 预算 ${c.budget}`}
                    </span>
                  </span>
                  <CommissionStateLabel state={c.state} />
                  <RelativeTime ms={c.updatedAt} className="hidden text-xs text-muted sm:inline" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="py-16 text-center text-muted">
          {role === "sent" ? "还没有发出约稿。在可接稿的创作者主页点「约稿」即可发起。" : "还没有收到约稿。"}
        </p>
      )}
      {page.hasMore && (
        <p className="text-center">
          <Link to={`?role=${role}&cursor=${encodeURIComponent(page.cursor)}`} className="text-sm text-primary">
            更早的约稿
          </Link>
        </p>
      )}
    </main>
  );
}
