import { people } from "../../../contract/people/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";
import { packedCards } from "../work.ts";

/** People: personal centres, following, backgrounds (contract/people/endpoints.ts). */
export const getProfile = (api: ApiClient, userId: number) => api.call(people.profile, { params: { id: userId } });
export const setFollow = (api: ApiClient, userId: number, on: boolean) =>
  api.call(on ? people.follow : people.unfollow, { body: { userId } });
export const listFans = (api: ApiClient, userId: number, cursor?: string) =>
  api.call(people.fans, { query: { userId, cursor } });
export const listFollowing = (api: ApiClient, userId: number, cursor?: string) =>
  api.call(people.follows, { query: { userId, cursor } });
export const suggestPeople = (api: ApiClient) => api.call(people.suggest);
export const listMarked = async (api: ApiClient, mark: "likes" | "favorites", userId: number, cursor?: string) =>
  packedCards(await api.call(people[mark], { query: { userId, cursor } }));
export const setBackground = (api: ApiClient, backgroundImage: string) =>
  api.call(people.background, { body: { backgroundImage } });
/** A profile as a portfolio: its fields, and the works pinned on top (contract/people/portfolio.ts). */
export const savePortfolio = (api: ApiClient, body: BodyOf<typeof people.portfolio>) =>
  api.call(people.portfolio, { body });
export const listPinned = (api: ApiClient, userId: number) => api.call(people.pinned, { params: { id: userId } });
export const pinWork = (api: ApiClient, workId: number, on: boolean) =>
  api.call(people.pin, { body: { workId, on: on ? "1" : "0" } });
