import sharp from "sharp";
import QRCode from "qrcode";
import type { Deps } from "../deps.ts";
import { getWorkDetail } from "./works.ts";
import { getConfig } from "../config.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { keptIn, posterKey, remember } from "./poster-store.ts";

const W = 750;
const COVER_H = 560;
const H = 1060;
/** Text for the SVG: escaped, and without the control characters XML cannot carry (an old title may hold one). */
const xml = (s: string) =>
  s.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g, "").replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where sharp crops, from a card's crop point (percent from the left and the top), to the nearest of nine. */
function cropAt(x: number, y: number): string {
  const v = y < 34 ? "top" : y > 66 ? "bottom" : "";
  const h = x < 34 ? "left" : x > 66 ? "right" : "";
  return [v, h].filter(Boolean).join(" ") || "centre";
}

/** A title in at most two lines of about `per` characters, the second cut with … when longer. */
export function posterLines(title: string, per = 16): string[] {
  const chars = [...title.replace(/\s+/g, " ").trim()];
  // A closing mark left alone on the second line goes up with the first.
  if (chars.length <= per || (chars.length <= per + 2 && /^[。，、！？…」』）]+$/u.test(chars.slice(per).join(""))))
    return [chars.join("")];
  const second = chars.slice(per, per * 2);
  return [chars.slice(0, per).join(""), second.join("") + (chars.length > per * 2 ? "…" : "")].map((l) =>
    l.length > per && l.endsWith("…") ? [...l].slice(0, per - 1).join("") + "…" : l,
  );
}

/**
 * A work's share poster (issue 36): its cover cropped as its cards crop it, its title, its author and the QR code of
 * its address, drawn by the server as a PNG. Only a work everyone sees has one (null otherwise), with its cover as
 * the page shows it (a display size when the original is not offered); an edit draws it anew.
 */
export async function workPoster(deps: Deps, id: number, ip: string): Promise<{ png: Buffer; noai: boolean } | null> {
  const work = await getWorkDetail(deps, id, null).catch(() => null);
  if (!work || work.state) return null;
  const key = posterKey(id, work.updatedAt);
  const kept = keptIn(deps);
  const hit = kept.get(key) ?? (await deps.storage.read(key).catch(() => null));
  if (hit) {
    remember(kept, key, hit);
    return { png: hit, noai: work.rights.noai };
  }
  // Drawing is a large share of a CPU second: one client may have a few drawn a minute (walking ids draws nothing more).
  const wait = await deps.limiter.hit("posterDraw", ip);
  if (wait) throw tooMany(wait, "生成分享海报太频繁");

  const url = `${deps.signin.siteUrl}/art/${id}`;
  const qr = await QRCode.toBuffer(url, { type: "png", margin: 1, width: 180, errorCorrectionLevel: "M" });
  const stored = work.cover ? await deps.storage.read(work.cover.url.replace(/^\/uploads\//, "")) : null;
  const [x, y] = work.focus ?? [50, 50];
  const cover = stored
    ? await sharp(stored)
        .resize(W, COVER_H, { fit: "cover", position: cropAt(x, y) })
        .png()
        .toBuffer()
    : null;
  const lines = posterLines(work.title || work.summary || "无标题");
  const { siteTitle } = await getConfig(deps);
  const top = cover ? COVER_H : 120;
  const font = "'Noto Sans CJK SC','Noto Serif CJK SC','PingFang SC','Microsoft YaHei',sans-serif";
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    ${cover ? "" : `<rect x="0" y="0" width="${W}" height="120" fill="#c0391e"/>`}
    ${lines.map((l, i) => `<text x="48" y="${top + 78 + i * 54}" font-family="${font}" font-size="40" font-weight="700" fill="#1f2328">${xml(l)}</text>`).join("")}
    <text x="48" y="${top + 78 + lines.length * 54 + 14}" font-family="${font}" font-size="26" fill="#5b5f66">@${xml(work.user.nickname)}</text>
    <text x="48" y="${H - 118}" font-family="${font}" font-size="30" font-weight="700" fill="#c0391e">${xml(siteTitle)}</text>
    <text x="48" y="${H - 74}" font-family="${font}" font-size="22" fill="#5b5f66">长按或扫码查看作品</text>
  </svg>`;
  const png = await sharp({ create: { width: W, height: H, channels: 3, background: "#ffffff" } })
    .composite([
      ...(cover ? [{ input: cover, left: 0, top: 0 }] : []),
      { input: Buffer.from(text), left: 0, top: 0 },
      { input: qr, left: W - 48 - 180, top: H - 48 - 180 },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
  await deps.storage.put(key, png, "image/png");
  remember(kept, key, png);
  return { png, noai: work.rights.noai };
}
