import type { LinkSiteKey } from "./portfolio.ts";
import type { TagRef } from "../site/views.ts";

/** People as the API shows them: a person, a line naming them, a personal centre's head, their taste. */

export type Role = "owner" | "admin";

export type UserView = {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  smallAvatar: string;
  description: string;
  backgroundImage: string;
  smallBackgroundImage: string;
  roles: Role[];
  score: number;
  workCount: number;
  followCount: number;
  fansCount: number;
  createdAt: number;
};

/** A person in a list of people (followers, following), and whether the viewer follows them. */
export type PersonView = Pick<
  UserView,
  "id" | "username" | "nickname" | "avatar" | "smallAvatar" | "description" | "workCount" | "fansCount"
> & { followed: boolean };

/** The head of a personal centre: the person, the likes their works received, how the viewer stands to them. */
export type ProfileView = UserView & {
  likeReceivedCount: number;
  followed: boolean;
  isSelf: boolean;
  favoritesPublic: boolean;
  portfolio: PortfolioView;
};

/** A profile as a portfolio (contract/people/portfolio.ts): nothing set is absent or empty. */
export type PortfolioView = {
  city: string;
  occupation: string;
  commission: { open: boolean; note: string } | null;
  links: { key: LinkSiteKey; url: string }[];
  /** The works pinned on top, in the order pinned. */
  pinned: number[];
};

/** A person the who-to-follow strip suggests: no introduction, one avatar. */
export type SuggestedPersonView = AuthorView & Pick<PersonView, "workCount" | "fansCount" | "followed">;

export type FollowState = { followed: boolean; fansCount: number };

/** 我的口味: the nodes and tags someone loves, and those they muted. */
export type TasteView = {
  lovedNodes: number[];
  mutedNodes: number[];
  lovedTags: TagRef[];
  mutedTags: TagRef[];
  /** 不看 AI 生成的作品: the recommended and new-horizons lists leave out works labelled AI 生成. */
  hideAi: boolean;
};

/** The person a card, a line or the who-to-follow strip names: a small avatar (the large one when there is no small). */
export type AuthorView = Pick<UserView, "id" | "nickname" | "username" | "smallAvatar">;

/** A person as a line of a message or notification names them. */
export type UserRef = Pick<UserView, "id" | "nickname" | "username" | "avatar" | "smallAvatar">;
