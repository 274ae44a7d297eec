import type { InputHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";
import { contentStates } from "../../../contract/admin/moderation.ts";
import { ChoiceSelect } from "../ChoiceSelect.tsx";
import { adminSelect } from "./BulkBar.tsx";

/** The filters of an admin list as a query: what the loader reads, each one "" when absent. */
export function filterQuery<F extends string>(request: Request, filters: readonly F[]): Record<F, string> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ""])) as Record<F, string>;
}

/** An admin list's filters: a GET form, so a filtered list has an address of its own and works without JavaScript. */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form method="get" className="grid grid-cols-2 gap-2 md:grid-cols-5" aria-label={label}>
      {children}
      <button className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">筛选</button>
    </Form>
  );
}

/** A choice among the filters: 全部… first, which leaves it out. */
export function FilterSelect({
  name,
  label,
  value,
  choices,
}: {
  name: string;
  label: string;
  value: string;
  choices: readonly { value: string | number; label: string }[];
}) {
  return (
    <ChoiceSelect
      name={name}
      defaultValue={value}
      aria-label={label}
      className={adminSelect}
      all={`全部${label}`}
      choices={choices}
    />
  );
}

const stateChoices = contentStates.map((s) => ({ value: s.key, label: s.label }));

/** 状态: live, hidden, held for review (works and comments alike). */
export const StateFilter = ({ value }: { value: string }) => (
  <FilterSelect name="state" label="状态" value={value} choices={stateChoices} />
);

/** A typed filter; its label is also what the empty box says. */
export function FilterText({
  label,
  placeholder = label,
  ...input
}: { name: string; label: string; defaultValue: string } & InputHTMLAttributes<HTMLInputElement>) {
  return <input aria-label={label} placeholder={placeholder} className={adminSelect} {...input} />;
}

/** 起始日期 and 截止日期, China's calendar days. */
export function DateFilters({ from, to }: { from: string; to: string }) {
  return (
    <>
      <input type="date" name="from" defaultValue={from} aria-label="起始日期" className={adminSelect} />
      <input type="date" name="to" defaultValue={to} aria-label="截止日期" className={adminSelect} />
    </>
  );
}

/** The rows of an admin list, or the sentence that says none matched. */
export function AdminRows({ count, empty, children }: { count: number; empty: string; children?: ReactNode }) {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {children}
      {count === 0 && <li className="px-4 py-6 text-center text-sm text-muted">{empty}</li>}
    </ul>
  );
}
