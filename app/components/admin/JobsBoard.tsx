import { Form } from "react-router";
import { chinaMinute } from "../../../contract/admin/moderation.ts";
import {
  jobKinds,
  jobStates,
  mailKinds,
  mailStates,
  type JobName,
  type JobState,
  type JobsOverviewView,
  describeCron,
} from "../../../contract/jobs/jobs.ts";
import { SubmitButton } from "../SubmitButton.tsx";
import { inputClass } from "../Field.tsx";

const shownStates: JobState[] = ["created", "retry", "active", "completed", "failed"];
const runnable = (Object.keys(jobKinds) as JobName[]).filter((n) => n !== "mail.send");
const cell = "px-3 py-2 text-left";

/** 任务: each queue's jobs by state, the failed ones to retry or discard, a run now, and the mail log. */
export function JobsBoard({ view }: { view: JobsOverviewView }) {
  return (
    <div className="space-y-6">
      {/* Focusable: at phone width the table scrolls sideways, and a keyboard must be able to scroll it. */}
      <section
        aria-labelledby="queues"
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-line bg-surface"
      >
        <h2 id="queues" className="px-4 pt-3 font-medium">
          队列
        </h2>
        <table aria-labelledby="queues" className="w-full whitespace-nowrap text-sm">
          <thead className="text-muted">
            <tr>
              <th className={cell}>任务</th>
              {shownStates.map((s) => (
                <th key={s} className={cell}>
                  {jobStates[s]}
                </th>
              ))}
              <th className={cell}>自动运行</th>
            </tr>
          </thead>
          <tbody>
            {view.queues.map((q) => (
              <tr key={q.name} className="border-t border-line">
                <th scope="row" className={`${cell} font-normal`}>
                  {q.label}
                </th>
                {shownStates.map((s) => (
                  <td key={s} className={`${cell} tabular-nums ${s === "failed" && q.counts[s] ? "text-danger" : ""}`}>
                    {q.counts[s]}
                  </td>
                ))}
                <td className={cell}>{q.schedule ? describeCron(q.schedule) : "按需"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <Form
        method="post"
        className="flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-surface p-4 text-sm"
      >
        <input type="hidden" name="intent" value="run" />
        <label className="space-y-1">
          <span className="block font-medium">立即运行</span>
          <select name="name" className={inputClass} defaultValue="search.reindex">
            {runnable.map((n) => (
              <option key={n} value={n}>
                {jobKinds[n].label}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton label="运行" />
      </Form>

      <section aria-labelledby="failed" className="space-y-2">
        <h2 id="failed" className="font-medium">
          失败的任务
        </h2>
        {view.failed.length === 0 ? (
          <p className="text-sm text-muted">没有失败的任务。</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {view.failed.map((j) => (
              <li key={j.id} className="space-y-2 px-4 py-3 text-sm" data-testid="failed-job">
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{j.label}</span>
                  <span className="text-muted">
                    {chinaMinute(j.endedAt ?? j.createdAt)} · 已尝试 {j.attempts} 次
                  </span>
                </p>
                <p className="break-all text-danger">{j.error || "（没有错误信息）"}</p>
                <div className="flex gap-2">
                  {(["retry", "discard"] as const).map((intent) => (
                    <Form key={intent} method="post">
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="id" value={j.id} />
                      <input type="hidden" name="name" value={j.name} />
                      <SubmitButton label={intent === "retry" ? "重试" : "丢弃"} />
                    </Form>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="mail"
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-line bg-surface"
      >
        <h2 id="mail" className="px-4 pt-3 font-medium">
          邮件记录
        </h2>
        {view.mail.length === 0 ? (
          <p className="px-4 pb-3 text-sm text-muted">还没有发出邮件。</p>
        ) : (
          <table aria-labelledby="mail" className="w-full text-sm">
            <thead className="text-muted">
              <tr>
                <th className={cell}>时间</th>
                <th className={cell}>收件人</th>
                <th className={cell}>类型</th>
                <th className={cell}>状态</th>
                <th className={cell}>尝试</th>
                <th className={cell}>说明</th>
              </tr>
            </thead>
            <tbody>
              {view.mail.map((m) => (
                <tr key={m.id} className="border-t border-line" data-testid="mail-row">
                  <td className={`${cell} whitespace-nowrap text-muted`}>{chinaMinute(m.createdAt)}</td>
                  <td className={`${cell} break-all`}>{m.to}</td>
                  <td className={cell}>{mailKinds[m.kind] ?? m.kind}</td>
                  <td className={`${cell} ${m.state === "failed" ? "text-danger" : ""}`}>
                    {mailStates[m.state] ?? m.state}
                  </td>
                  <td className={`${cell} tabular-nums`}>{m.attempts}</td>
                  <td className={`${cell} break-all text-muted`}>{m.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
