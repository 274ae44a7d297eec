import { redirect } from "react-router";
import type { Route } from "./+types/by-kind";
import type { TagView } from "../../../contract/site/views.ts";
import { FeedListing } from "../../components/Listing.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { getTag } from "../../lib/upstream/site.ts";
import { getTagFollowState } from "../../lib/upstream/curation.ts";
import { FollowButton } from "../../components/FollowButton.tsx";
import { loadFeed } from "../../lib/feed.server.ts";
import { routePattern } from "../../lib/ref.ts";
import { WorkType, type WorkTypeValue } from "../../../contract/shared/kinds.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/**
 * Works of one kind or one tag, newest first: /articles and /articles/:tagId (articles), /topics (short posts),
 * /arts/tag/:tagId (any kind with the tag). A tag listing without a tag goes to the tag list.
 */
// What each route of app/routes.ts that uses this module lists, by its pattern there.
const served: Record<string, { kind?: WorkTypeValue; needsTag?: boolean }> = {
  "articles/:tagId?": { kind: WorkType.article },
  topics: { kind: WorkType.post },
  "arts/tag/:tagId?": { needsTag: true },
};

export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const { kind, needsTag } = served[routePattern(pattern)] ?? {};
  const tagParam = params.tagId;
  if (needsTag && !tagParam) throw redirect("/tags");
  let tag: TagView | null = null;
  const api = apiClient(request, context);
  if (tagParam !== undefined) {
    if (!/^\d{1,15}$/.test(tagParam)) throw new Response("标签不存在", { status: 404 });
    tag = await orErrorPage(getTag(api, tagParam));
  }
  const [feed, follow] = await Promise.all([
    loadFeed(request, context, { order: "newest", type: kind, tagId: tag?.tagId }),
    // Whether a member follows the tag; a visitor's page (the same for all) offers 关注, which asks them to sign in.
    tag && api.token ? getTagFollowState(api, tag.tagId).catch(() => null) : null,
  ]);
  return { kind, tag, follow, ...feed };
}

const kindName = (kind: number | undefined) =>
  kind === WorkType.article ? "文章" : kind === WorkType.post ? "动态" : "作品";

/** The heading and description of a kind's listing, or of a tag's. */
function describeListing(kind: number | undefined, tag: TagView | null) {
  if (tag)
    return {
      title: `# ${tag.name}`,
      description: `带有这个标签的${kindName(kind)}，共 ${tag.workCount} 件。关注标签后，它的新作品会出现在你的关注动态里。`,
    };
  return kind === WorkType.article
    ? { title: "文章", description: "有标题的长文与教程。" }
    : { title: "动态", description: "大家的日常创作与碎碎念。" };
}

export const meta: Route.MetaFunction = ({ loaderData: d, matches, location }) => {
  const { description } = describeListing(d?.kind, d?.tag ?? null);
  const title = d?.tag ? `#${d.tag.name} · ${kindName(d.kind)}` : kindName(d?.kind);
  return listingMeta(matches, {
    title,
    description,
    path: location.pathname,
    ...(d?.tag && { feed: { of: "tag", id: d.tag.tagId } }),
  });
};

export default function ByKind({ loaderData }: Route.ComponentProps) {
  const { kind, tag, page, follow } = loaderData;
  const { title, description } = describeListing(kind, tag);
  return (
    <FeedListing
      title={title}
      description={description}
      page={page}
      empty={`还没有${kindName(kind)}`}
      feed={tag ? { of: "tag", id: tag.tagId } : undefined}
      tools={tag && <FollowButton tagId={tag.tagId} followed={follow?.followed ?? false} small />}
    />
  );
}
