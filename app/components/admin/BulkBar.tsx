import type { ReactNode } from "react";
import { inputClass } from "../Field.tsx";
import { adminLimits } from "../../../contract/admin.ts";

export const adminSelect = `${inputClass} mt-0 text-sm`;

/**
 * The bar above a selectable list (作品, 评论): which action, its reason, and 执行. What was chosen and typed comes
 * back after a refusal; `children` are the action's extra boxes (the node to move to).
 */
export function BulkBar({
  actions,
  typed,
  children,
}: {
  actions: readonly { key: string; label: string }[];
  typed?: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface p-3 text-sm">
      <select name="action" aria-label="批量操作" className={adminSelect} defaultValue={typed?.action ?? "hide"}>
        {actions.map((a) => (
          <option key={a.key} value={a.key}>
            {a.label}
          </option>
        ))}
      </select>
      {children}
      <input
        name="reason"
        aria-label="原因"
        placeholder="原因（隐藏、删除时必填，作者会看到）"
        maxLength={adminLimits.reason}
        defaultValue={typed?.reason}
        className={`${adminSelect} min-w-48 flex-1`}
      />
      <button className="rounded-lg bg-primary px-4 py-2 text-on-primary">执行</button>
    </div>
  );
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
      className={className}
    />
  );
}
