import type { AnchorHTMLAttributes } from "react";

/**
 * A link to a page of this site drawn as a plain anchor: the same markup `<Link>` writes, without its hooks, which
 * cost each link real time on the server (a listing has over a hundred links). A click on it is still a client-side
 * navigation once JavaScript runs: `useSiteLinks` in the root routes it through the router.
 */
export function SiteLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} data-discover="true" {...props} />;
}
