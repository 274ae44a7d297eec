import type { ReactNode } from "react";
import { useSite } from "../lib/site.ts";

/** A page of prose (about, the user agreement): the site's name goes into its heading and text. */
export function DocumentPage({
  heading,
  html,
  children,
}: {
  heading: (siteTitle: string) => string;
  /** The text an admin wrote (/admin/pages), rendered and sanitized by the API; "" keeps the built-in text. */
  html?: string;
  children: (siteTitle: string, siteDescription: string) => ReactNode;
}) {
  const config = useSite()?.config;
  const title = config?.siteTitle ?? "艺社";
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article className="prose-work rounded-2xl border border-line bg-surface p-6 sm:p-8">
        <h1 className="mb-4 text-2xl font-bold">{heading(title)}</h1>
        {html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : children(title, config?.siteDescription ?? "")}
      </article>
    </main>
  );
}
