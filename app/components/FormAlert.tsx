/** Why a form was refused, when it is no single field's fault (shown above the fields, and announced). */
export function FormAlert({ message }: { message?: string | null | false }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
