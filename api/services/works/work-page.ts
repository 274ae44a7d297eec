import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { WorkPageView } from "../../../contract/works/work-page.ts";
import type { Deps } from "../deps.ts";
import { myFolders } from "./folders.ts";
import { placesOfWork } from "../../db/queries/events.ts";
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
  const [around, folders, awards] = await Promise.all([
    seriesAround(deps, id),
    viewer ? myFolders(deps, viewer, id) : null,
    placesOfWork(deps.db, id),
  ]);
  return {
    ...work,
    seriesAround: around,
    folders,
    awards: awards.map((a) => ({ eventId: a.id, title: a.title, place: a.place })),
  };
}
