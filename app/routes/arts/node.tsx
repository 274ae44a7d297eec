import { data, redirect } from "react-router";
import type { Route } from "./+types/node";
import { NodeLogo } from "../../components/DesktopBar.tsx";
import { FeedHeader } from "../../components/FeedHeader.tsx";
import { FeedLink } from "../../components/FeedLink.tsx";
import { WorkFeed } from "../../components/WorkFeed.tsx";
import { apiClient } from "../../lib/api.server.ts";
import { loadFeed } from "../../lib/feed.server.ts";
import { siteNodes } from "../../lib/site.server.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { useSite } from "../../lib/site.ts";
import { listingMeta, rootOf } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const node = rootOf(matches).nodes?.find((n) => String(n.nodeId) === params.nodeId);
  return listingMeta(matches, {
    title: node ? `${node.name} · 节点` : "节点",
    description: node?.description || `${node?.name ?? "这个节点"}的作品，最新的在前。`,
    path: `/arts/node/${params.nodeId ?? ""}`,
    ...(node && { feed: { of: "node", id: node.nodeId } }),
  });
};

/** The works of one node (requirements §2 `/arts/node/:nodeId`), newest first. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.nodeId) throw redirect("/arts");
  const nodeId = Number(params.nodeId);
  const nodes = await siteNodes(apiClient(request, context));
  if (!nodes.some((n) => n.nodeId === nodeId)) throw data("节点不存在", { status: 404 });
  return { nodeId, ...(await loadFeed(request, context, { order: "newest", nodeId })) };
}

export default function NodePage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const node = site?.nodes.find((n) => n.nodeId === loaderData.nodeId);
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} currentNodeId={loaderData.nodeId} title={node?.name ?? "节点"} />
      {node && (
        <section className="mb-6 flex items-center gap-4 rounded-2xl border border-line bg-surface p-4">
          <NodeLogo node={node} size={56} />
          <div>
            <h2 className="text-xl font-semibold">{node.name}</h2>
            <p className="text-sm text-muted">{node.description}</p>
          </div>
          <span className="ml-auto text-sm text-muted">{node.workCount} 件作品</span>
          <FeedLink feed={{ of: "node", id: node.nodeId }} />
        </section>
      )}
      <WorkFeed page={loaderData.page} empty="这个节点还没有作品，来发布第一件吧。" />
    </main>
  );
}
