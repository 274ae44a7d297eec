/**
 * How long a toast stays readable: SPEC §9's 800 ms for a short one ("登录成功"), and more for a longer one, at a
 * reading pace of about six characters a second, up to eight seconds. An outcome a person must act on (an e-mail to
 * open) does not rely on this: it stays on the page (Flash.stay).
 */
export function toastMs(text: string): number {
  const chars = [...text].length;
  return Math.min(8000, Math.max(800, Math.round(chars * 160)));
}

/** The whole animation, fading in and out around the readable time (app.css: readable from 10 % to 80 %). */
export const toastAnimationMs = (text: string) => Math.round(toastMs(text) / 0.7);
