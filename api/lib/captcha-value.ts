/**
 * A captcha as Redis holds it: "<expiresAt>:<code>". The site's clock decides whether it is live; Redis's own expiry
 * only clears the key. Kept apart from the store so the browser tests can read a code without the database layer.
 */
export type HeldCaptcha = { code: string; expiresAt: number };

/** The key of captcha `id` for the site whose database `scope` names. */
export const captchaKey = (scope: string, id: string) => `yishe:captcha:${scope}:${id}`;

export const captchaValue = (code: string, expiresAt: number) => `${expiresAt}:${code}`;

export function readCaptchaValue(value: string | null | undefined): HeldCaptcha | null {
  const at = value?.indexOf(":") ?? -1;
  return value && at > 0 ? { expiresAt: Number(value.slice(0, at)), code: value.slice(at + 1) } : null;
}
