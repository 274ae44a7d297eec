/** A fieldset of checkboxes named `kinds`, one per kind of notice (邮件通知, 推送通知): those chosen are ticked. */
export function KindChoices<K extends string>({
  legend,
  kinds,
  chosen,
}: {
  legend: string;
  kinds: Record<K, { label: string }>;
  chosen: readonly K[];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      {(Object.entries(kinds) as [K, { label: string }][]).map(([key, k]) => (
        <label key={key} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="kinds" value={key} defaultChecked={chosen.includes(key)} />
          {k.label}
        </label>
      ))}
    </fieldset>
  );
}
