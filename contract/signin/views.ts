import type { LicenseKey } from "../works/rights.ts";
import type { OAuthProvider } from "./ways-in.ts";
import type { UserView } from "../people/views.ts";
import type { CheckinState } from "../scores/views.ts";

/** The signed-in person and their session, and what signing in by a provider or SMS answers. */

/** The signed-in user's own view adds private fields. */
export type CurrentUserView = UserView & {
  email: string | null;
  emailVerified: boolean;
  /** The bound mobile number, masked (138****8000); null when none. */
  phone: string | null;
  /** False for an account that came in by phone or a third party and has not set a password. */
  hasPassword: boolean;
  /** A mute an admin set (contract/admin/moderation.ts): until when and why; it is over once `until` has passed. */
  muted: { until: number; reason: string } | null;
  /** What a new work of theirs starts with (contract/works/rights.ts). */
  rightsDefaults: { license: LicenseKey; noai: boolean };
  /** Lists and search leave out works labelled AI 生成 for them. */
  hideAi: boolean;
};

/** Where to send the browser to sign in with a provider. */
export type OAuthStart = { url: string };

/** A provider's return: a new session (signing in), or the provider now linked to the signed-in account. */
export type OAuthResult = { session: Session | null; linked: OAuthProvider | null; ref: string };

/** 获取验证码: when the next code may be asked for. */
export type SmsSent = { resendAfter: number; /** The number it went to, masked. */ phone: string };

export type Session = { token: string; user: CurrentUserView; expiresAt: number };

/** GET /api/user/current: the signed-in user with where they stand on today's sign-in. */
export type MeView = CurrentUserView & { checkin: CheckinState };
