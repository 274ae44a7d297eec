import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

/** The look of every text box in the site's forms. */
export const inputClass =
  "mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 outline-none focus:border-primary aria-[invalid=true]:border-danger";

type Common = {
  label: string;
  name: string;
  /** The API's message for this field, shown under it (and announced). */
  error?: string;
  /** Shown under the field while there is no error. */
  hint?: string;
};
type FieldProps = Common &
  (
    | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">)
    | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">)
  );

/**
 * One labelled form field: the label, the box (input, or textarea with `multiline`), then its error or its hint.
 * Limits (`maxLength`) come from contract/limits.ts, the ones the API's schemas enforce.
 */
export function Field({ label, name, error, hint, className = "", ...box }: FieldProps) {
  const id = `f-${name}`;
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: `${inputClass} ${className}`.trim(),
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {box.multiline ? (
        <textarea {...withoutMultiline(box)} {...shared} />
      ) : (
        <input type="text" {...withoutMultiline(box)} {...shared} />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger" role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-muted">{hint}</p>
      )}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, "multiline"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken off so it does not reach the DOM
  const { multiline, ...rest } = props;
  return rest;
}
