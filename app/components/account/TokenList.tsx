import { Form } from "react-router";
import type { AccessTokenView } from "../../../contract/account/views.ts";
import { tokenScopes } from "../../../contract/account/tokens.ts";
import { RelativeTime } from "../RelativeTime.tsx";
import { msToChinaMinute } from "../../../contract/shared/china-time.ts";

const scopeLabel = (key: string) => tokenScopes.find((s) => s.key === key)?.label ?? key;
const day = (ms: number) => msToChinaMinute(ms).slice(0, 10);

/** A member's tokens: what each may do, when it ends, when it was last used, and 撤销 (a plain form post). */
export function TokenList({ tokens }: { tokens: AccessTokenView[] }) {
  if (!tokens.length) return <p className="text-sm text-muted">还没有访问令牌。</p>;
  return (
    <ul className="divide-y divide-line" data-testid="token-list">
      {tokens.map((t) => (
        <li key={t.tokenId} className="flex items-center gap-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{t.name}</p>
            <p className="text-xs text-muted">
              {t.scopes.map(scopeLabel).join("、")} · 创建于 <RelativeTime ms={t.createdAt} /> ·{" "}
              {t.expiresAt ? `${day(t.expiresAt)} 到期` : "永不过期"} ·{" "}
              {t.lastUsedAt ? (
                <>
                  最近使用 <RelativeTime ms={t.lastUsedAt} />
                </>
              ) : (
                "从未使用"
              )}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="tokenId" value={t.tokenId} />
            <button type="submit" className="text-xs text-muted hover:text-danger" aria-label={`撤销 ${t.name}`}>
              撤销
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
