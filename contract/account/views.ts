import type { OAuthProvider } from "../signin/ways-in.ts";
import type { TokenScope } from "./tokens.ts";

/** 账号与安全: one's sessions and linked sign-in ways. */

/** A session as its owner sees it in the list: where it signed in, when, and whether it is this one. */
export type SessionView = {
  sessionId: number;
  client: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
};

/** A third-party account linked to one's own (账号与安全). */
export type IdentityView = { provider: OAuthProvider; name: string; linkedAt: number };

export type SigninWaysView = {
  identities: IdentityView[];
  providers: OAuthProvider[];
  /** An address whose verification link is out and not yet followed; it becomes the account's when it is. */
  pendingEmail: string | null;
};

/** A personal access token as its owner sees it in the list: never the token itself, which is shown once. */
export type AccessTokenView = {
  tokenId: number;
  name: string;
  scopes: TokenScope[];
  createdAt: number;
  /** Null: until revoked. */
  expiresAt: number | null;
  lastUsedAt: number | null;
};

/** A token just made: the only time its secret is told. */
export type CreatedTokenView = { token: string; view: AccessTokenView };
