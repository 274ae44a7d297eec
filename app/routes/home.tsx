import { data } from "react-router";
import type { Route } from "./+types/home";
import { FeedPage } from "../components/FeedPage.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import { apiClient } from "../lib/api.server.ts";
import { nobodyToFollow, shelfOfPicks, whoToFollow } from "../lib/people.ts";
import { PickShelf } from "../components/PickShelf.tsx";
import { unpack } from "../speed/packed.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";
import { useSite } from "../lib/site.ts";
import { jsonForScript } from "../../contract/shared/html.ts";
import { homeTitle, listingMeta, rootOf } from "../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/**
 * Any path no other route claims shows the home page (requirements §2), but tells crawlers it is not a page of its own:
 * noindex, and the home page as its canonical address.
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const { config } = rootOf(matches);
  return listingMeta(matches, {
    title: homeTitle(config?.siteTitle ?? "艺社", config?.siteDescription ?? ""),
    wholeTitle: true,
    description: config?.siteDescription ?? "",
    path: "/",
    feed: { of: "latest" },
    noindex: matches.some((m) => m?.id === "routes/fallback"),
  });
};

/** Structured data: the site and its search, so a search engine can offer a search box for it. */
function websiteJsonLd(siteUrl: string, name: string): string {
  const doc = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name,
    url: `${siteUrl}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return jsonForScript(doc);
}

/** Home: recommended works (requirements §2 `/`); also answers any path no other route claims. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const more = new URL(request.url).searchParams.has("cursor");
  const api = apiClient(request, context);
  const [feed, people, picks] = await Promise.all([
    loadFeed(request, context, { order: "recommend" }),
    // Who to follow and the shelf of 编辑精选 head the first page only; a failure there costs the shelf, not the page.
    more ? nobodyToFollow() : whoToFollow(api),
    more ? null : shelfOfPicks(api),
  ]);
  // At a path no route knows (the fallback's splat) the home page is shown with 404: an uptime check or a crawler
  // must not take /health or /wp-login.php for a page (issue 54).
  const unknown = (params as Record<string, string | undefined>)["*"] !== undefined;
  return data({ ...feed, people, picks }, unknown ? { status: 404 } : undefined);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      {site && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: websiteJsonLd(site.siteUrl, site.config.siteTitle) }}
        />
      )}
      <FeedPage
        title="推荐作品"
        page={loaderData.page}
        people={loaderData.people}
        above={loaderData.picks && <PickShelf picks={unpack(loaderData.picks)} />}
        index
      />
    </>
  );
}
