import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A one-button post (delete a work, a comment…) that asks first when JavaScript runs; without it the post goes
 * straight through, as a plain form.
 */
export function ConfirmPost({
  action,
  intent,
  confirm,
  fields = {},
  children,
}: {
  action: string;
  intent: string;
  confirm: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(e) => {
        if (!window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="hover:text-danger">
        {children}
      </button>
    </Form>
  );
}
