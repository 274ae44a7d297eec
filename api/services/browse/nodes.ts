import { listNodes } from "../../db/queries/nodes.ts";
import type { NodeView } from "../../../contract/site/views.ts";
import type { Deps } from "../deps.ts";

export async function listNodeViews(deps: Deps): Promise<NodeView[]> {
  const rows = await listNodes(deps.db);
  return rows.map((n) => ({
    nodeId: n.id,
    name: n.name,
    logo: n.logo,
    description: n.description,
    workCount: n.work_count,
  }));
}
