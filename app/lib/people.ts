import type { SuggestedPersonView } from "../../contract/people/views.ts";
import type { ApiClient } from "./api.server.ts";
import { pack, unpack, type Packed } from "../speed/packed.ts";
import type { PickView } from "../../contract/curation/views.ts";
import { curationLimits } from "../../contract/shared/limits.ts";
import { listPicks } from "./upstream/curation.ts";
import { idParam } from "./params.ts";
import { suggestPeople } from "./upstream/people.ts";

/** A user id from a URL, or (thrown) the 404 page. */
export const userIdOf = (param: string | undefined) => idParam(param, "用户不存在");

/** Who to follow, as loaders hand it on: packed. A failure there costs the strip, never the page. */
export async function whoToFollow(api: ApiClient): Promise<Packed<SuggestedPersonView[]>> {
  return pack(await suggestPeople(api).catch(() => []));
}

export const nobodyToFollow = (): Packed<SuggestedPersonView[]> => pack([]);

/** The home page's shelf: the latest few of 编辑精选, packed. */
export async function shelfOfPicks(api: ApiClient): Promise<Packed<PickView[]> | null> {
  const page = await listPicks(api, { limit: curationLimits.shelf }).catch(() => null);
  const picks = page ? unpack(page.results).slice(0, curationLimits.shelf) : [];
  return picks.length ? pack(picks) : null;
}
