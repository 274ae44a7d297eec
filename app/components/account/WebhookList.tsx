import { Form } from "react-router";
import { webhookEvents } from "../../../contract/webhooks/events.ts";
import { deliveryStates, type WebhookDeliveryView, type WebhookView } from "../../../contract/webhooks/views.ts";
import { RelativeTime } from "../RelativeTime.tsx";

const eventLabel = (e: WebhookDeliveryView["event"]) => (e === "ping" ? "测试" : webhookEvents[e].label);

/** What came of a delivery, in a few words: its state, the answer's status, and why it failed. */
export function deliveryOutcome(d: WebhookDeliveryView): string {
  const parts = [deliveryStates[d.state]];
  if (d.status) parts.push(`HTTP ${d.status}`);
  if (d.attempts > 1) parts.push(`第 ${d.attempts} 次`);
  if (d.error && d.state !== "sent") parts.push(d.error);
  return parts.join(" · ");
}

/** A member's addresses: what each hears, how the last delivery went, 测试 and 删除 (plain form posts). */
export function WebhookList({ hooks }: { hooks: WebhookView[] }) {
  if (!hooks.length) return <p className="text-sm text-muted">还没有 Webhook。</p>;
  return (
    <ul className="divide-y divide-line" data-testid="webhook-list">
      {hooks.map((h) => (
        <li key={h.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-mono text-xs break-all">{h.url}</p>
            <p className="text-xs text-muted">
              {h.events.map((e) => webhookEvents[e].label).join("、")} · 添加于 <RelativeTime ms={h.createdAt} />
              {h.last ? ` · 最近一次：${deliveryOutcome(h.last)}` : " · 尚无投递"}
            </p>
          </div>
          {(["ping", "remove"] as const).map((intent) => (
            <Form method="post" key={intent}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="webhookId" value={h.id} />
              <button
                type="submit"
                className={`text-xs text-muted ${intent === "remove" ? "hover:text-danger" : "hover:text-primary"}`}
                aria-label={`${intent === "ping" ? "测试" : "删除"} ${h.url}`}
              >
                {intent === "ping" ? "测试" : "删除"}
              </button>
            </Form>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The latest deliveries, newest first: when, which event, and what came of it. */
export function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  if (!deliveries.length) return <p className="text-sm text-muted">还没有投递记录。</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">最近的投递</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-normal">
              时间
            </th>
            <th scope="col" className="py-1 pr-3 font-normal">
              事件
            </th>
            <th scope="col" className="py-1 font-normal">
              结果
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t border-line">
              <td className="py-1 pr-3 whitespace-nowrap">
                <RelativeTime ms={d.createdAt} />
              </td>
              <td className="py-1 pr-3">{eventLabel(d.event)}</td>
              <td className={`py-1 ${d.state === "failed" ? "text-danger" : ""}`}>{deliveryOutcome(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
