import { Outlet } from "react-router";
import { TabNav } from "../../components/TabNav.tsx";
import type { Route } from "./+types/centre";
import { ProfileHeader } from "../../components/ProfileHeader.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { getProfile } from "../../lib/upstream/people.ts";
import { userIdOf } from "../../lib/people.ts";
import { feedLinks } from "../../lib/feeds.ts";
import { FeedLink } from "../../components/FeedLink.tsx";
import { storedForVisitors } from "../../lib/visitor-cache.ts";

/** The ucenter layout (requirements §2 /user/:userId): the profile header over the person's tabs. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const profile = await orErrorPage(getProfile(apiClient(request, context), userIdOf(params.userId)));
  return { profile };
}

// A visitor's profile reads the same for every visitor until the member or their works change; the tabs inherit it.
export const headers = () => storedForVisitors();

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? [
        { title: `${d.profile.nickname}的个人中心` },
        { name: "description", content: d.profile.description || `${d.profile.nickname}在这里发布的作品` },
        ...feedLinks({ of: "user", id: d.profile.id }, `${d.profile.nickname}的作品`),
      ]
    : [{ title: "用户不存在" }];

export default function Centre({ loaderData }: Route.ComponentProps) {
  const p = loaderData.profile;
  const base = `/user/${p.id}`;
  const tabs: [string, string][] = [
    ["作品", base],
    ["合集", `${base}/series`],
    ["喜欢", `${base}/likes`],
    ...(p.isSelf || p.favoritesPublic ? ([["收藏", `${base}/favorites`]] as [string, string][]) : []),
    ["关注", `${base}/following`],
    ["粉丝", `${base}/followers`],
    ["标签", `${base}/tags`],
    ...(p.isSelf ? ([["草稿", `${base}/drafts`]] as [string, string][]) : []),
  ];
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-5 lg:px-6">
      <ProfileHeader profile={p} />
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <TabNav label="个人中心" tabs={tabs} />
        </div>
        <FeedLink feed={{ of: "user", id: p.id }} />
      </div>
      <Outlet />
    </main>
  );
}
