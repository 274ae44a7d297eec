import type { PersonView } from "../../contract/types.ts";
import type { ApiClient } from "./api.server.ts";
import { pack, type Packed } from "./packed.ts";
import { idParam } from "./params.ts";
import { suggestPeople } from "./upstream/people.ts";
import { shownUser, type UserShown } from "./work.ts";

/** A user id from a URL, or (thrown) the 404 page. */
export const userIdOf = (param: string | undefined) => idParam(param, "用户不存在");

/** A person as the who-to-follow strip draws them: no introduction, one avatar (the small one). */
export type PersonShown = UserShown & Pick<PersonView, "workCount" | "fansCount" | "followed">;

export const shownPerson = (p: PersonView): PersonShown => ({
  ...shownUser(p),
  workCount: p.workCount,
  fansCount: p.fansCount,
  followed: p.followed,
});

/** Who to follow, as loaders hand it on: trimmed, and packed. A failure there costs the strip, never the page. */
export async function whoToFollow(api: ApiClient): Promise<Packed<PersonShown[]>> {
  const people = await suggestPeople(api).catch(() => []);
  return pack(people.map(shownPerson));
}

export const nobodyToFollow = (): Packed<PersonShown[]> => pack([]);
