import type { SelectHTMLAttributes } from "react";

/** A filter's drop-down: "all" first (the empty value), then one option a choice. */
export function ChoiceSelect({
  all,
  choices,
  ...select
}: {
  all: string;
  choices: readonly { value: string | number; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...select}>
      <option value="">{all}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
