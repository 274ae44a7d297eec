import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { FormAlert } from "../FormAlert.tsx";
import { inputClass } from "../Field.tsx";
import { adminLimits } from "../../../contract/admin/moderation.ts";

export const adminSelect = `${inputClass} mt-0 text-sm`;
/** A box in the bar: as wide as what it says, not the whole row. */
export const barSelect = `${adminSelect} w-auto!`;

/**
 * A selectable list (作品, 评论) in one post form with its bar above: which action, its reason, and 执行. After an
 * action is done the page comes back under a new location, and the form starts afresh (nothing left ticked to be
 * acted on twice); after a refusal what was chosen and typed stays. `extra` are the action's other boxes (the node
 * to move to).
 */
export function BulkForm({
  actions,
  answer,
  extra,
  children,
}: {
  actions: readonly { key: string; label: string }[];
  answer?: { message?: string | null; values?: Record<string, string> };
  extra?: ReactNode;
  children: ReactNode;
}) {
  const typed = answer?.values;
  return (
    <Form method="post" className="space-y-3" key={useLocation().key}>
      <FormAlert message={answer?.message} />
      <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface p-3 text-sm">
        <select name="action" aria-label="批量操作" className={barSelect} defaultValue={typed?.action ?? "hide"}>
          {actions.map((a) => (
            <option key={a.key} value={a.key}>
              {a.label}
            </option>
          ))}
        </select>
        {extra}
        <ReasonInput
          placeholder="原因（隐藏、删除时必填，作者会看到）"
          defaultValue={typed?.reason}
          className={`${adminSelect} min-w-48 flex-1`}
        />
        <button className="rounded-lg bg-primary px-4 py-2 text-on-primary">执行</button>
      </div>
      {children}
    </Form>
  );
}

/** Why an admin acts: the person acted on reads it. */
export function ReasonInput(props: { placeholder: string; defaultValue?: string; className: string }) {
  return <input name="reason" aria-label="原因" maxLength={adminLimits.reason} {...props} />;
}

/** A row's checkbox in a selectable list, checked again after a refusal if it was. */
export function SelectBox({
  id,
  label,
  selected,
  className = "mt-1 shrink-0",
}: {
  id: number;
  label: string;
  selected?: string[];
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      defaultChecked={selected?.includes(String(id))}
      aria-label={label}
      // 24 px: WCAG 2.2's least target, which a phone's thumb needs most.
      className={`size-6 ${className}`}
    />
  );
}
