import type { FollowState, Page, PersonView, ProfileView, WorkCardView } from "../../../contract/types.ts";
import type { ApiClient } from "../api.server.ts";
import { shownPage } from "../work.ts";

/** People: personal centres, following, backgrounds (api/routes/user.ts, api/routes/fans.ts). */
export const getProfile = (api: ApiClient, userId: number) => api.get<ProfileView>(`/user/info/${userId}`);
export const setFollow = (api: ApiClient, userId: number, on: boolean) =>
  api.post<FollowState>(on ? "/fans/follow" : "/fans/unfollow", { userId });
export const listFans = (api: ApiClient, userId: number, cursor?: string) =>
  api.get<Page<PersonView>>("/fans/fans", { userId, cursor });
export const listFollowing = (api: ApiClient, userId: number, cursor?: string) =>
  api.get<Page<PersonView>>("/fans/follows", { userId, cursor });
export const suggestPeople = (api: ApiClient) => api.get<PersonView[]>("/fans/suggest");
export const listMarked = async (api: ApiClient, mark: "likes" | "favorites", userId: number, cursor?: string) =>
  shownPage(await api.get<Page<WorkCardView>>(`/user/${mark}`, { userId, cursor }));
export const setBackground = (api: ApiClient, backgroundImage: string) =>
  api.post("/user/set/background/image", { backgroundImage });
