import { Link } from "react-router";
import type { CommissionView } from "../../../contract/commissions/views.ts";
import { outboundHref } from "../../../contract/shared/outbound.ts";
import { Avatar } from "../Avatar.tsx";
import { CommissionStateLabel } from "./CommissionState.tsx";
import { fullDate } from "../../lib/time.ts";

const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** The request as the client wrote it: who asks whom, the brief, the budget, the day wanted and the references. */
export function CommissionHead({ commission: c }: { commission: CommissionView }) {
  return (
    <header className="space-y-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">{c.title}</h1>
        <CommissionStateLabel state={c.state} />
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        {(
          [
            ["约稿方", c.client],
            ["创作者", c.creator],
          ] as const
        ).map(([role, who]) => (
          <span key={role} className="flex items-center gap-1.5">
            {role}
            <Link to={`/user/${who.id}`} className="flex items-center gap-1.5 text-fg hover:text-primary">
              <Avatar user={who} size={24} />
              {who.nickname}
            </Link>
          </span>
        ))}
        <span>发起于 {fullDate(c.createdAt)}</span>
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">预算</dt>
          <dd>{c.budget || "未填写"}</dd>
        </div>
        <div>
          <dt className="text-muted">期望交稿</dt>
          <dd>{c.deadline ? chinaDay(c.deadline) : "未填写"}</dd>
        </div>
      </dl>
      <div>
        <h2 className="mb-1 text-sm text-muted">需求说明</h2>
        <p className="whitespace-pre-wrap leading-relaxed" data-testid="commission-brief">
          {c.brief}
        </p>
      </div>
      {c.refs.length > 0 && (
        <div>
          <h2 className="mb-1 text-sm text-muted">参考</h2>
          <ul className="space-y-1 text-sm">
            {c.refs.map((r) => (
              <li key={r}>
                <a href={outboundHref(r)} rel="nofollow ugc noopener" className="break-all text-primary underline">
                  {r}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}
