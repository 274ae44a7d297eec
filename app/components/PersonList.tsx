import type { PersonView } from "../../contract/people/views.ts";
import type { Marked as Runs } from "../../contract/search/views.ts";
import { Marked } from "./Marked.tsx";
import { Avatar } from "./Avatar.tsx";
import { FollowButton } from "./FollowButton.tsx";
import { SiteLink } from "./SiteLink.tsx";

/**
 * People with their bio and counts, each with a follow button (not on oneself). Found by a search, a person's
 * nickname has its match marked and the username is shown beside it.
 */
export function PersonList({
  people,
  viewerId,
  empty,
  testId = "person-list",
}: {
  people: (PersonView & { nicknameMarks?: Runs })[];
  viewerId?: number;
  empty: string;
  testId?: string;
}) {
  if (!people.length) return <p className="py-16 text-center text-muted">{empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid={testId}>
      {people.map((p) => (
        <li key={p.id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
          <SiteLink to={`/user/${p.id}`} className="shrink-0">
            <Avatar user={p} size={50} alone />
          </SiteLink>
          <div className="min-w-0 flex-1">
            <SiteLink to={`/user/${p.id}`} className="block truncate font-medium hover:text-primary">
              {p.nicknameMarks ? <Marked runs={p.nicknameMarks} /> : p.nickname}
            </SiteLink>
            {p.nicknameMarks && <p className="truncate text-xs text-muted">@{p.username}</p>}
            <p className="truncate text-xs text-muted">{p.description || "这个人很懒，什么都没有写"}</p>
            <p className="text-xs text-muted">
              {p.workCount} 作品 · {p.fansCount} 粉丝
            </p>
          </div>
          {p.id !== viewerId && <FollowButton userId={p.id} followed={p.followed} small />}
        </li>
      ))}
    </ul>
  );
}
