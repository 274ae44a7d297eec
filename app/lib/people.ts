import type { PersonView } from "../../contract/types.ts";
import type { ApiClient } from "./api.server.ts";
import { pack, type Packed } from "./packed.ts";
import { idParam } from "./params.ts";
import { suggestPeople } from "./upstream/people.ts";

/** A user id from a URL, or (thrown) the 404 page. */
export const userIdOf = (param: string | undefined) => idParam(param, "用户不存在");

/** A person as the who-to-follow strip draws them: no introduction, one avatar (the small one). */
export type PersonShown = Pick<PersonView, "id" | "nickname" | "workCount" | "fansCount" | "followed"> &
  Partial<Pick<PersonView, "username" | "smallAvatar">>;

export function shownPerson(p: PersonView): PersonShown {
  const person: PersonShown = {
    id: p.id,
    nickname: p.nickname,
    smallAvatar: p.smallAvatar || p.avatar,
    workCount: p.workCount,
    fansCount: p.fansCount,
    followed: p.followed,
  };
  // The letter avatar falls back to the username only when there is no nickname.
  if (!p.nickname) person.username = p.username;
  return person;
}

/** Who to follow, as loaders hand it on: trimmed, and packed. A failure there costs the strip, never the page. */
export async function whoToFollow(api: ApiClient): Promise<Packed<PersonShown[]>> {
  const people = await suggestPeople(api).catch(() => []);
  return pack(people.map(shownPerson));
}

export const nobodyToFollow = (): Packed<PersonShown[]> => pack([]);
