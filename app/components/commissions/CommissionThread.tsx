import { Form } from "react-router";
import type { CommissionView } from "../../../contract/commissions/views.ts";
import { commissionLimits } from "../../../contract/shared/limits.ts";
import { inputClass } from "../Field.tsx";
import { RelativeTime } from "../RelativeTime.tsx";

/** The commission's one private thread: the two parties' words and each step taken, oldest first, and a box to write. */
export function CommissionThread({ commission: c }: { commission: CommissionView }) {
  const nameOf = (id: number) => (id === c.client.id ? c.client.nickname : c.creator.nickname);
  return (
    <section
      id="thread"
      aria-labelledby="thread-title"
      className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="thread-title" className="mb-3 font-semibold">
        沟通记录 <span className="text-xs font-normal text-muted">只有你们两位能看到</span>
      </h2>
      {c.messages.length ? (
        <ol className="mb-4 space-y-3" data-testid="commission-thread">
          {c.messages.map((m) =>
            m.userId === 0 ? (
              <li key={m.messageId} className="text-center text-xs text-muted">
                {m.content} · <RelativeTime ms={m.createdAt} />
              </li>
            ) : (
              <li
                key={m.messageId}
                className={`flex flex-col ${m.userId === c.client.id ? "items-start" : "items-end"}`}
              >
                <span className="text-xs text-muted">
                  {nameOf(m.userId)} · <RelativeTime ms={m.createdAt} />
                </span>
                <p className="mt-1 max-w-[85%] whitespace-pre-wrap rounded-xl bg-surface-2 px-3 py-2 text-sm">
                  {m.content}
                </p>
              </li>
            ),
          )}
        </ol>
      ) : (
        <p className="mb-4 text-sm text-muted">还没有留言。</p>
      )}
      {/* Drawn anew once the words are in the thread, so the box is empty again (with JavaScript too). */}
      <Form key={c.messages.length} method="post" className="flex items-end gap-2">
        <label className="flex-1 text-sm">
          <span className="sr-only">留言</span>
          <textarea
            name="content"
            rows={2}
            required
            maxLength={commissionLimits.message}
            placeholder="和对方确认细节…"
            className={`${inputClass} mt-0 text-sm`}
          />
        </label>
        <button name="intent" value="say" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
          发送
        </button>
      </Form>
    </section>
  );
}
