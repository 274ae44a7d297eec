import { useNavigation } from "react-router";

/** A form's main button: says it is working (保存中…) and takes no second press while the post is on its way. */
export function SubmitButton({ label, busyLabel = "保存中…" }: { label: string; busyLabel?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-full bg-primary px-6 py-2 text-sm font-medium text-on-primary disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
