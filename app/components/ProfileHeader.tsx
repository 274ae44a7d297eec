import { NavLink } from "react-router";
import { BackgroundForm } from "./BackgroundForm.tsx";
import type { ProfileView } from "../../contract/people/views.ts";
import { Avatar } from "./Avatar.tsx";
import { FollowButton } from "./FollowButton.tsx";
import { reportPath } from "../lib/ref.ts";
import { SiteLink } from "./SiteLink.tsx";
import { PortfolioLine } from "./PortfolioLine.tsx";

/**
 * requirements §2 profile header: background, avatar, nickname, description, counts and a follow button (not on one's own
 * profile); the owner gets the upload-background control, a file form that posts without JavaScript and sends
 * itself on choosing a file with it.
 */
export function ProfileHeader({ profile }: { profile: ProfileView }) {
  const p = profile;
  const base = `/user/${p.id}`;
  const counts: [string, number, string][] = [
    ["作品", p.workCount, base],
    ["关注", p.followCount, `${base}/following`],
    ["粉丝", p.fansCount, `${base}/followers`],
    ["获赞", p.likeReceivedCount, `${base}/likes`],
  ];
  return (
    <header className="overflow-hidden rounded-2xl border border-line bg-surface" data-testid="profile-header">
      <div
        className="relative h-36 bg-gradient-to-r from-primary-soft to-surface-2 bg-cover bg-center sm:h-52"
        style={p.backgroundImage ? { backgroundImage: `url("${encodeURI(p.backgroundImage)}")` } : undefined}
        data-testid="profile-background"
      >
        {p.isSelf && (
          <BackgroundForm
            back={base}
            className="absolute right-3 top-3 flex items-center gap-2 rounded-full bg-black/50 px-3 py-1.5 text-xs text-white"
          />
        )}
      </div>
      <div className="flex flex-col gap-3 px-4 pb-4 sm:flex-row sm:items-end sm:px-6">
        <Avatar user={p} size={100} className="relative -mt-12 border-4 border-surface" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">{p.nickname}</h1>
          <p className="mt-1 text-sm text-muted">{p.description || "这个人很懒，什么都没有写"}</p>
          <PortfolioLine profile={p} />
        </div>
        {!p.isSelf && (
          <div className="flex items-center gap-2">
            <SiteLink
              to={`/user/messages/chat/${p.id}`}
              className="rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary"
            >
              私信
            </SiteLink>
            <FollowButton userId={p.id} followed={p.followed} />
            <SiteLink to={reportPath("user", p.id, base)} className="px-1 text-sm text-muted hover:text-primary">
              举报<span className="sr-only">{p.nickname}</span>
            </SiteLink>
          </div>
        )}
      </div>
      <ul className="flex gap-6 border-t border-line px-4 py-3 text-sm sm:px-6" data-testid="profile-counts">
        {counts.map(([label, n, to]) => (
          <li key={label}>
            <NavLink to={to} end className="hover:text-primary">
              <span className="font-semibold tabular-nums">{n}</span> <span className="text-muted">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </header>
  );
}
