import { randomInt, randomUUID } from "node:crypto";
import sharp from "sharp";
import svgCaptcha, { type ConfigObject } from "svg-captcha";
import { ApiError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import type { Deps } from "../deps.ts";
import { signin } from "../../../contract/signin/endpoints.ts";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
// The package's default export draws a given text; its typings only describe create().
const drawCaptcha = svgCaptcha as unknown as (text: string, options: ConfigObject) => string;
// Letters that are easy to tell apart; no 0/o, 1/l/i.
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** A code from the system's secure source: a code drawn by Math.random can be predicted from earlier ones. */
export function randomCode(length = 4): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

const WIDTH = 150;
const HEIGHT = 50;

/**
 * The picture of a code, as PNG pixels. svg-captcha draws each letter from one font with tiny jitter, so its SVG's
 * path commands name the letters to any script. Here those outlines are only a start: each draw warps them through
 * a random displacement field, crosses them with lines and dots, rasterises them and sprinkles pixel noise, so
 * nothing in the file but the pixels tells the letters, and no two draws of one code are alike.
 */
export async function drawCode(code: string): Promise<Buffer> {
  const options: ConfigObject = { width: WIDTH, height: HEIGHT, fontSize: 54, noise: 0, color: false };
  const r = (n: number) => randomInt(n);
  // Each letter a dark colour of its own, drawn a little bolder than the font.
  const letters = drawCaptcha(code, options)
    .replace(/^<svg[^>]*>|<\/svg>$/g, "")
    .replace(/fill="[^"]*"/g, () => {
      const hue = r(360);
      return `fill="hsl(${hue},60%,32%)" stroke="hsl(${hue},60%,32%)" stroke-width="1.2"`;
    });
  const lines = Array.from({ length: 3 }, () => {
    const [x1, y1, x2, y2, cx, cy] = [r(20), r(HEIGHT), WIDTH - r(20), r(HEIGHT), r(WIDTH), r(HEIGHT)];
    return `<path d="M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}" stroke="hsl(${r(360)},55%,45%)" stroke-width="1.5" fill="none"/>`;
  }).join("");
  const dots = Array.from(
    { length: 40 },
    () => `<circle cx="${r(WIDTH)}" cy="${r(HEIGHT)}" r="${1 + r(2)}" fill="hsl(${r(360)},50%,55%)"/>`,
  ).join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<filter id="w" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.0${1 + r(2)} 0.0${2 + r(3)}" numOctaves="2" seed="${r(10_000)}"/>` +
    `<feDisplacementMap in="SourceGraphic" scale="${7 + r(4)}" xChannelSelector="R" yChannelSelector="G"/></filter>` +
    `<rect width="100%" height="100%" fill="#f3f4f6"/>${dots}<g filter="url(#w)" transform="rotate(${r(9) - 4} ${WIDTH / 2} ${HEIGHT / 2})">${letters}</g>${lines}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += info.channels) {
    if (r(100) >= 5) continue;
    const shade = r(160);
    for (let c = 0; c < 3; c++) data[i + c] = shade;
  }
  return sharp(data, { raw: info }).png({ compressionLevel: 6 }).toBuffer();
}

export async function createCaptcha(deps: Deps, ip: string): Promise<{ captchaId: string; captchaUrl: string }> {
  const wait = await deps.limiter.hit("captchaIp", ip);
  if (wait > 0) throw tooMany(wait);
  const now = deps.now();
  const id = randomUUID();
  await deps.captchas.put(id, randomCode(), now + CAPTCHA_TTL_MS, now);
  return { captchaId: id, captchaUrl: `/api${signin.captchaImage.path}?captchaId=${id}` };
}

/** The picture of a live captcha; drawn anew on every request, each draw unlike the last. */
export async function captchaImage(deps: Deps, id: string): Promise<Buffer | null> {
  const code = await deps.captchas.peek(id, deps.now());
  return code ? drawCode(code) : null;
}

/** Checks and spends a captcha: right or wrong, it cannot be tried again. */
export async function verifyCaptcha(deps: Deps, id: string, code: string): Promise<void> {
  if (!deps.captchaEnabled) return;
  if (!id)
    throw new ApiError("captcha", "图形验证码已失效，请刷新后重试", { captchaCode: "图形验证码已失效，请刷新后重试" });
  if (!code) throw new ApiError("captcha", "请输入图形验证码", { captchaCode: "请输入图形验证码" });
  const held = await deps.captchas.take(id);
  if (!held || held.expiresAt <= deps.now()) {
    throw new ApiError("captcha", "图形验证码已过期，请刷新后重试", { captchaCode: "图形验证码已过期，请刷新后重试" });
  }
  if (held.code.toLowerCase() !== code.trim().toLowerCase()) {
    throw new ApiError("captcha", "图形验证码错误", { captchaCode: "图形验证码错误" });
  }
}
