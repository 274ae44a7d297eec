import { NavLink } from "react-router";
import type { NodeView } from "../../contract/site/views.ts";
import { NodeLogo } from "./DesktopBar.tsx";
import { SiteLink } from "./SiteLink.tsx";

const tab = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-full px-3.5 py-1.5 text-sm ${isActive ? "bg-fg text-bg" : "bg-surface text-fg hover:bg-surface-2"}`;

/** The strip above a listing: the feeds, 精选, the charts, 活动 and every node. */
export function FeedHeader({
  nodes,
  currentNodeId,
  title,
  description,
}: {
  nodes: NodeView[];
  currentNodeId?: number;
  title: string;
  description?: string;
}) {
  return (
    <div className="mb-5">
      <h1 className="sr-only">{title}</h1>
      <nav aria-label="作品分类" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
        <NavLink to="/" end className={tab}>
          推荐
        </NavLink>
        <NavLink to="/different" className={tab}>
          新视野
        </NavLink>
        <NavLink to="/follow" className={tab}>
          关注
        </NavLink>
        <NavLink to="/picks" className={tab}>
          精选
        </NavLink>
        <NavLink to="/charts" className={tab}>
          排行榜
        </NavLink>
        <NavLink to="/events" className={tab}>
          活动
        </NavLink>
        <span aria-hidden className="mx-1 w-px shrink-0 bg-line" />
        {nodes.map((n) => (
          <SiteLink
            key={n.nodeId}
            to={`/arts/node/${n.nodeId}`}
            aria-current={n.nodeId === currentNodeId ? "page" : undefined}
            className={`flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm ${n.nodeId === currentNodeId ? "bg-fg text-bg" : "bg-surface hover:bg-surface-2"}`}
          >
            <NodeLogo node={n} size={18} />
            {n.name}
          </SiteLink>
        ))}
      </nav>
      {description && <p className="mt-2 text-sm text-muted">{description}</p>}
    </div>
  );
}
