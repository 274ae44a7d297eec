import type { InputHTMLAttributes, ReactNode } from "react";
import { inputClass } from "../Field.tsx";

/** A code to type (图形验证码, 短信验证码): its label, the box with what goes beside it, and the error under it. */
export function CodeRow({
  name,
  label,
  error,
  input,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  children: ReactNode;
}) {
  const id = `f-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} mt-0 min-w-0 flex-1`}
          {...input}
        />
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
