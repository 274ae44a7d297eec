import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { FieldRules } from "../../contract/shared/fields.ts";

/** The look of every text box in the site's forms. */
export const inputClass =
  "mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 focus:border-primary aria-[invalid=true]:border-danger";

/** What a form knows of all its fields: the rules its loader took from the schema, and the last answer. */
export type FormState = {
  rules?: Partial<Record<string, FieldRules>>;
  errors?: Partial<Record<string, string>>;
  /** What was typed before a refusal; never put back into a password box. */
  values?: object;
};

type Common = {
  label: string;
  name: string;
  /** Gives the field its rules, error and typed value by its name. */
  formState?: FormState;
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
 * Limits (`maxLength`) come from contract/shared/limits.ts, the ones the API's schemas enforce.
 */
export function Field({ label, name, formState, error: ownError, hint, className = "", ...props }: FieldProps) {
  const id = `f-${name}`;
  const error = ownError ?? formState?.errors?.[name];
  const typed = "type" in props && props.type === "password" ? undefined : typedValue(formState?.values, name);
  const box = { ...formState?.rules?.[name], ...(typed !== undefined ? { defaultValue: typed } : {}), ...props };
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

function typedValue(values: object | undefined, name: string): string | undefined {
  const value = (values as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, "multiline"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken off so it does not reach the DOM
  const { multiline, ...rest } = props;
  return rest;
}
