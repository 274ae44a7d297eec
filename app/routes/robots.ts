import type { Route } from "./+types/robots";
import { webContext } from "../lib/context.ts";

/** robots.txt: what crawlers may skip, and where the sitemap is (at the site's public address). */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(webContext);
  const lines = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /user/signin",
    "Disallow: /user/messages",
    "Disallow: /user/profile",
    "Disallow: /art/create",
    "Disallow: /commissions",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
