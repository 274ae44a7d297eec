import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { WorkPageView } from "../../../contract/works/work-page.ts";
import type { Deps } from "../deps.ts";
import { myFolders } from "./folders.ts";
import { seriesAround } from "./series.ts";
import { getWorkDetail, viewWork } from "./works.ts";

/**
 * The work's page (contract/works/work-page.ts). With `ip`, opening it: one view counted as `viewWork` does. The
 * series and folders are read beside the work; a work the reader may not see fails first and they are dropped.
 */
export async function workPage(
  deps: Deps,
  id: number,
  viewer: CurrentUserView | null | undefined,
  ip?: string,
): Promise<WorkPageView> {
  const work = await (ip === undefined ? getWorkDetail(deps, id, viewer) : viewWork(deps, id, viewer, ip));
  const [around, folders] = await Promise.all([seriesAround(deps, id), viewer ? myFolders(deps, viewer, id) : null]);
  return { ...work, seriesAround: around, folders };
}
