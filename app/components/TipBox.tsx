import { tipLimits } from "../../contract/shared/limits.ts";

/**
 * 打赏: how many tips the work had and their points; for a member on another's work, a few amounts to give, each a
 * plain form post (the toast says whether it went). A visitor's post leads to sign-in.
 */
export function TipBox({
  tips,
  action,
  mayTip,
  balance,
}: {
  tips: { count: number; total: number };
  action: string;
  /** Not the author's own work. */
  mayTip: boolean;
  /** The member's points, or null for a visitor. */
  balance: number | null;
}) {
  const said = tips.count > 0 ? `${tips.count} 次打赏 · ${tips.total} 积分` : "还没有打赏";
  if (!mayTip)
    return (
      <span className="text-sm text-muted" data-testid="tips">
        {said}
      </span>
    );
  return (
    <details className="relative" data-testid="tip-box">
      <summary className="cursor-pointer rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary">
        打赏{" "}
        <span className="text-muted" data-testid="tips">
          {said}
        </span>
      </summary>
      {/* A plain form: a tip is rare beside reading, and the page the post returns to says how it went. */}
      <form
        method="post"
        action={action}
        className="absolute left-0 z-10 mt-2 w-64 space-y-2 rounded-xl border border-line bg-surface p-3 shadow-lg"
      >
        <input type="hidden" name="intent" value="tip" />
        <p className="text-xs text-muted">
          用积分感谢作者{balance !== null && `（你有 ${balance} 积分）`}，每天最多 {tipLimits.perDay} 积分。
        </p>
        <div className="flex gap-2">
          {tipLimits.amounts.map((a) => (
            <button
              key={a}
              name="amount"
              value={a}
              disabled={balance !== null && balance < a}
              className="flex-1 rounded-lg border border-primary py-1 text-sm text-primary hover:bg-primary hover:text-on-primary disabled:border-line disabled:text-muted disabled:hover:bg-transparent"
            >
              {a}
            </button>
          ))}
        </div>
      </form>
    </details>
  );
}
