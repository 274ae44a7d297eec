import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page that only tells how something went (a followed mail link, a provider's return): a heading, what happened
 * (announced: a status when it went well, an alert when not), and where to go next.
 */
export function NoticePage({
  heading,
  ok,
  children,
  next,
}: {
  heading: string;
  ok: boolean;
  children: ReactNode;
  next: { to: string; label: string };
}) {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{heading}</h1>
      <p role={ok ? "status" : "alert"} className="mt-3 text-muted">
        {children}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={next.to} className="rounded-full bg-primary px-5 py-2 text-sm text-on-primary">
          {next.label}
        </Link>
        <Link to="/" className="rounded-full border border-line px-5 py-2 text-sm">
          回到首页
        </Link>
      </div>
    </main>
  );
}
