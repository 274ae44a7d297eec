import type { SuggestedPersonView } from "../../contract/people/views.ts";
import { unpack, type Packed } from "../speed/packed.ts";
import { Avatar } from "./Avatar.tsx";
import { FollowButton } from "./FollowButton.tsx";
import { SiteLink } from "./SiteLink.tsx";

/** 推荐关注: active creators the viewer does not follow yet, in a row that scrolls sideways on a phone. */
export function WhoToFollow({ people: packed }: { people: Packed<SuggestedPersonView[]> }) {
  const people = unpack(packed);
  if (!people.length) return null;
  return (
    <section aria-labelledby="who-to-follow" className="mb-5" data-testid="who-to-follow">
      <h2 id="who-to-follow" className="mb-2 text-sm font-medium text-muted">
        推荐关注
      </h2>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {people.map((p) => (
          <li
            key={p.id}
            className="flex w-36 shrink-0 flex-col items-center gap-1.5 rounded-2xl border border-line bg-surface p-3 text-center"
          >
            <SiteLink to={`/user/${p.id}`} className="flex flex-col items-center gap-1.5 hover:text-primary">
              <Avatar user={p} size={50} />
              <span className="w-28 truncate text-sm font-medium">{p.nickname || p.username}</span>
            </SiteLink>
            <span className="text-xs text-muted">
              {p.workCount} 作品 · {p.fansCount} 粉丝
            </span>
            <FollowButton userId={p.id} followed={p.followed} small />
          </li>
        ))}
      </ul>
    </section>
  );
}
