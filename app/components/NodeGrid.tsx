import type { NodeView } from "../../contract/site/views.ts";
import { NodeLogo } from "./DesktopBar.tsx";
import { SiteLink } from "./SiteLink.tsx";

/** The nodes as a phone lists them (requirements §2): 新视野 and 推荐, then every node three to a row with its logo. */
export function NodeGrid({ nodes }: { nodes: NodeView[] }) {
  return (
    <>
      <div className="mb-2 flex gap-2">
        <SiteLink to="/different" className="flex-1 rounded-lg bg-surface-2 py-2 text-center text-sm">
          新视野
        </SiteLink>
        <SiteLink to="/" className="flex-1 rounded-lg bg-surface-2 py-2 text-center text-sm">
          推荐
        </SiteLink>
      </div>
      <ul className="grid grid-cols-3 gap-2">
        {nodes.map((n) => (
          <li key={n.nodeId}>
            <SiteLink
              to={`/arts/node/${n.nodeId}`}
              className="flex flex-col items-center gap-1 rounded-lg p-2 text-sm hover:bg-surface-2"
            >
              <NodeLogo node={n} size={36} />
              <span className="truncate">{n.name}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </>
  );
}
