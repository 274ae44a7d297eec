import { get, post } from "../shared/endpoint.ts";
import type { Page } from "../shared/page.ts";
import type { FollowState, PersonView, ProfileView, SuggestedPersonView } from "./views.ts";
import type { WorkCardView } from "../works/views.ts";

/** People: personal centres, following, what they like and keep, backgrounds (api/routes/people.ts). */
export const people = {
  profile: get<ProfileView>()("/user/info/:id"),
  /** The works a person pinned on top of their centre, in their order. */
  pinned: get<WorkCardView[]>()("/user/pinned/:id"),
  pin: post<{ pinned: number[] }>()("/user/pin"),
  portfolio: post<ProfileView>()("/user/set/portfolio"),
  /** Without userId: the signed-in person's own. */
  favorites: get<Page<WorkCardView>>()("/user/favorites"),
  likes: get<Page<WorkCardView>>()("/user/likes"),
  background: post<{ backgroundImage: string }>()("/user/set/background/image"),
  follow: post<FollowState>()("/fans/follow"),
  unfollow: post<FollowState>()("/fans/unfollow"),
  isFollowed: get<boolean>()("/fans/isfollowed"),
  fans: get<Page<PersonView>>()("/fans/fans"),
  follows: get<Page<PersonView>>()("/fans/follows"),
  suggest: get<SuggestedPersonView[]>()("/fans/suggest"),
};
