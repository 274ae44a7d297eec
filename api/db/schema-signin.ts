import type { Generated } from "kysely";

/** The tables of signing in by other ways than a password: identities elsewhere, codes, links, states, captchas. */

export type UserIdentityTable = {
  id: Generated<number>;
  user_id: number;
  provider: string;
  /** The provider's own id for the person (GitHub's numeric id, QQ's openid). */
  provider_user_id: string;
  /** Their name there, to show beside the link. */
  name: Generated<string>;
  created_at: number;
};

export type SmsCodeTable = {
  id: Generated<number>;
  phone: string;
  /** sha256 of phone and code: six digits stored bare would be read straight off a leaked table. */
  code_hash: string;
  tries: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: Generated<number>;
};

export type EmailTokenTable = {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: "verify" | "reset";
  /** The address the link was sent to: verifying only counts while the account still has it. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: Generated<number>;
};

export type OAuthStateTable = {
  state_hash: string;
  provider: string;
  verifier: Generated<string>;
  ref: Generated<string>;
  link_user_id: number | null;
  expires_at: number;
};

export type CaptchaTable = {
  id: string;
  code: string;
  expires_at: number;
};

/** A personal access token (contract/account/tokens.ts): stored as sha256, its secret shown to its owner once. */
export type AccessTokenTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** Comma-separated TokenScope keys. */
  scopes: string;
  created_at: number;
  /** 0: until revoked. */
  expires_at: number;
  last_used_at: Generated<number>;
};

/** A member's (or the owner's site-wide) webhook: where, for which events (comma-separated), and its signing secret. */
export type WebhookTable = {
  id: Generated<number>;
  user_id: number;
  url: string;
  events: string;
  secret: string;
  site_wide: Generated<number>;
  created_at: number;
};

export type WebhookDeliveryTable = {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** The body sent, as JSON: signed as it is, so each try sends the same bytes. */
  payload: string;
  state: Generated<string>;
  attempts: Generated<number>;
  status: Generated<number>;
  error: Generated<string>;
  created_at: number;
  done_at: Generated<number>;
};
