/**
 * The ways into an account beside the password (issue 11): phone codes, third-party sign-in and e-mail links.
 * Both sides read their names and limits here.
 */

/** Third-party sign-in, in the order the sign-in page shows them. */
export const oauthProviders = ["wechat", "weibo", "qq", "github", "osc"] as const;
export type OAuthProvider = (typeof oauthProviders)[number];
export const oauthLabels: Record<OAuthProvider, string> = {
  wechat: "微信",
  weibo: "微博",
  qq: "QQ",
  github: "GitHub",
  osc: "开源中国",
};
export const isOAuthProvider = (v: unknown): v is OAuthProvider =>
  typeof v === "string" && (oauthProviders as readonly string[]).includes(v);

/** SMS codes: 6 digits, live 5 minutes, 5 wrong tries; one send a minute and 10 a day per number. */
export const smsLimits = {
  codeLength: 6,
  ttlMinutes: 5,
  tries: 5,
  resendSeconds: 60,
  perDay: 10,
} as const;

/** E-mail links: verifying an address lives a day, resetting a password an hour; both work once. */
export const mailLinkLimits = { verifyHours: 24, resetHours: 1 } as const;

/** Mainland mobile numbers: 11 digits starting 13–19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** "138****8000": how a number is shown back, to its owner or in a new account's nickname. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
