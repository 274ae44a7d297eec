import { get, post } from "../shared/endpoint.ts";
import { pinSchema, portfolioSchema } from "../account/schemas.ts";
import { backgroundSchema, followListQuery, markedQuery, personParams as params, personTarget } from "./schemas.ts";
import type { Page } from "../shared/page.ts";
import type { FollowState, PersonView, ProfileView, SuggestedPersonView } from "./views.ts";
import type { WorkCardView } from "../works/views.ts";

/** People: personal centres, following, what they like and keep, backgrounds (api/routes/people.ts). */
export const people = {
  profile: get<ProfileView>()("/user/info/:id", { summary: "个人主页资料", params }),
  /** The works a person pinned on top of their centre, in their order. */
  pinned: get<WorkCardView[]>()("/user/pinned/:id", { summary: "置顶的作品", params }),
  pin: post<{ pinned: number[] }>()("/user/pin", { summary: "置顶或取消置顶作品", body: pinSchema }),
  portfolio: post<ProfileView>()("/user/set/portfolio", { summary: "设置作品集资料", body: portfolioSchema }),
  /** Without userId: the signed-in person's own. */
  favorites: get<Page<WorkCardView>>()("/user/favorites", { summary: "收藏的作品", query: markedQuery }),
  likes: get<Page<WorkCardView>>()("/user/likes", { summary: "喜欢的作品", query: markedQuery }),
  background: post<{ backgroundImage: string }>()("/user/set/background/image", {
    summary: "设置个人主页背景图",
    body: backgroundSchema,
  }),
  follow: post<FollowState>()("/fans/follow", { summary: "关注", body: personTarget }),
  unfollow: post<FollowState>()("/fans/unfollow", { summary: "取消关注", body: personTarget }),
  isFollowed: get<boolean>()("/fans/isfollowed", { summary: "是否已关注", query: personTarget }),
  fans: get<Page<PersonView>>()("/fans/fans", { summary: "粉丝列表", query: followListQuery }),
  follows: get<Page<PersonView>>()("/fans/follows", { summary: "关注列表", query: followListQuery }),
  suggest: get<SuggestedPersonView[]>()("/fans/suggest", { summary: "推荐关注的创作者" }),
};
