import sharp from "sharp";

/** Deterministic randomness, so every fresh demo site looks the same. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    shuffle: <T>(list: T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export const palettes = [
  ["#f4e9d8", "#e07a5f", "#3d405b", "#81b29a", "#f2cc8f"],
  ["#fef6e4", "#f582ae", "#8bd3dd", "#172c66", "#f3d2c1"],
  ["#0b132b", "#1c2541", "#3a506b", "#5bc0be", "#f0f3bd"],
  ["#fff1e6", "#d62828", "#f77f00", "#fcbf49", "#003049"],
  ["#edf2f4", "#2b2d42", "#8d99ae", "#ef233c", "#d90429"],
  ["#f1faee", "#e63946", "#a8dadc", "#457b9d", "#1d3557"],
  ["#fbf8cc", "#fde4cf", "#ffcfd2", "#a3c4f3", "#8eecf5"],
  ["#1b1b1e", "#373f51", "#58a4b0", "#a9bcd0", "#d8dbe2"],
  ["#f6f1e9", "#4f6f52", "#739072", "#86a789", "#d2e3c8"],
  ["#2d1e2f", "#e9c46a", "#f4a261", "#e76f51", "#264653"],
] as const;

type Draw = (r: Rng, p: readonly string[], w: number, h: number) => string;

const mountains: Draw = (r, p, w, h) => {
  let s = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[4]}"/></linearGradient></defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  s += `<circle cx="${r.int(w * 0.2, w * 0.8)}" cy="${r.int(h * 0.15, h * 0.4)}" r="${r.int(40, 90)}" fill="${p[1]}" opacity="0.9"/>`;
  for (let layer = 0; layer < 4; layer++) {
    const base = h * (0.45 + layer * 0.14);
    let d = `M0 ${h} L0 ${base}`;
    for (let x = 0; x <= w; x += w / 8) d += ` L${x.toFixed(0)} ${(base - r.next() * h * 0.22).toFixed(0)}`;
    d += ` L${w} ${h} Z`;
    s += `<path d="${d}" fill="${p[[2, 3, 2, 3][layer]]}" opacity="${0.45 + layer * 0.18}"/>`;
  }
  return s;
};

const bauhaus: Draw = (r, p, w, h) => {
  let s = `<rect width="${w}" height="${h}" fill="${p[0]}"/>`;
  for (let i = 0; i < 9; i++) {
    const c = p[1 + (i % 4)];
    const x = r.int(0, w),
      y = r.int(0, h),
      size = r.int(60, 260);
    if (r.next() < 0.5) s += `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${c}" opacity="0.92"/>`;
    else
      s += `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${(size * r.int(3, 10)) / 6}" fill="${c}" transform="rotate(${r.int(0, 3) * 45} ${x} ${y})"/>`;
  }
  return s;
};

const waves: Draw = (r, p, w, h) => {
  let s = `<rect width="${w}" height="${h}" fill="${p[0]}"/>`;
  const n = 7;
  for (let i = 0; i < n; i++) {
    const y0 = (h / n) * i + h / (n * 2);
    const amp = r.int(15, 60),
      freq = r.int(1, 4);
    let d = `M0 ${y0}`;
    for (let x = 0; x <= w; x += 16)
      d += ` L${x} ${(y0 + Math.sin((x / w) * Math.PI * 2 * freq + i) * amp).toFixed(1)}`;
    d += ` L${w} ${h} L0 ${h} Z`;
    s += `<path d="${d}" fill="${p[1 + (i % 4)]}" opacity="0.55"/>`;
  }
  return s;
};

const mosaic: Draw = (r, p, w, h) => {
  let s = `<rect width="${w}" height="${h}" fill="${p[0]}"/>`;
  const cell = r.pick([60, 80, 120]);
  for (let x = 0; x < w; x += cell) {
    for (let y = 0; y < h; y += cell) {
      const c = r.pick(p);
      const kind = r.int(0, 3);
      if (kind === 0) s += `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${c}"/>`;
      else if (kind === 1) s += `<circle cx="${x + cell / 2}" cy="${y + cell / 2}" r="${cell / 2.3}" fill="${c}"/>`;
      else if (kind === 2) s += `<path d="M${x} ${y} L${x + cell} ${y} L${x} ${y + cell} Z" fill="${c}"/>`;
      else
        s += `<path d="M${x} ${y + cell} A${cell} ${cell} 0 0 1 ${x + cell} ${y}" stroke="${c}" stroke-width="${cell / 5}" fill="none"/>`;
    }
  }
  return s;
};

// The Gaussian filter is the costly part of drawing a picture (0.6 s of 0.9 for 1600×1200): drawn at half the size and
// enlarged it looks the same (at a quarter it shows bands), and the sparkles are painted sharp over it.
const GLOW_SCALE = 2;
const glow: Draw = (r, p, w, h) => {
  const q = GLOW_SCALE;
  let s = `<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${70 / q}"/></filter></defs>`;
  s += `<rect width="${w / q}" height="${h / q}" fill="${p[0]}"/><g filter="url(#b)">`;
  for (let i = 0; i < 6; i++)
    s += `<circle cx="${r.int(0, w) / q}" cy="${r.int(0, h) / q}" r="${r.int(120, 280) / q}" fill="${p[1 + (i % 4)]}" opacity="0.85"/>`;
  return s + `</g>`;
};
/** Forty soft white dots, painted straight onto RGB pixels: a full-size SVG layer for them cost more than the filter. */
function sparkle(r: Rng, px: Buffer, w: number, h: number) {
  for (let i = 0; i < 40; i++) {
    const [cx, cy, rad] = [r.int(0, w), r.int(0, h), r.next() * 2 + 0.5];
    for (let y = Math.max(0, Math.floor(cy - rad)); y <= Math.min(h - 1, Math.ceil(cy + rad)); y++)
      for (let x = Math.max(0, Math.floor(cx - rad)); x <= Math.min(w - 1, Math.ceil(cx + rad)); x++) {
        const a = 0.6 * Math.min(1, Math.max(0, rad + 0.5 - Math.hypot(x + 0.5 - cx, y + 0.5 - cy)));
        for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] += Math.round((255 - px[(y * w + x) * 3 + c]) * a);
      }
  }
}

export const styles = { mountains, bauhaus, waves, mosaic, glow } as const;
export type ArtStyle = keyof typeof styles;

const svg = (w: number, h: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );
// The demo's first start draws some 130 pictures and their 260 copies. Without the alpha channel SVG leaves (every
// style paints its whole ground) and at effort 2 rather than 4, encoding takes a fifth of the time, for a few per
// cent more bytes.
const webp = { quality: 80, effort: 2 } as const;

async function pixels(seed: number, style: ArtStyle, width: number, height: number) {
  const r = prng(seed);
  const p = palettes[seed % palettes.length];
  if (style !== "glow")
    return sharp(svg(width, height, styles[style](r, p, width, height)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  const [w, h] = [Math.ceil(width / GLOW_SCALE), Math.ceil(height / GLOW_SCALE)];
  // Enlarged in a pipeline of its own: enlarging the SVG where it is drawn draws it again for each strip.
  const small = await sharp(svg(w, h, glow(r, p, width, height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const drawn = await sharp(small.data, { raw: small.info })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  sparkle(r, drawn.data, width, height);
  return drawn;
}

/** Draws a generative picture and encodes it as WebP. */
export async function artwork(seed: number, style: ArtStyle, width: number, height: number): Promise<Buffer> {
  const [whole] = await artworkAndCopies(seed, style, width, height, []);
  return whole;
}

/** The picture and its copies narrowed to each of `narrower`, drawn once. */
export async function artworkAndCopies(
  seed: number,
  style: ArtStyle,
  width: number,
  height: number,
  narrower: number[],
) {
  const { data, info } = await pixels(seed, style, width, height);
  const from = () => sharp(data, { raw: info });
  return Promise.all([
    from().webp(webp).toBuffer(),
    ...narrower.map((w) => from().resize({ width: w }).webp(webp).toBuffer()),
  ]);
}

/** A short melody as 16-bit mono WAV: a pentatonic tune with soft attack and decay, so music works can play. */
export function melodyWav(seed: number, seconds = 12, rate = 22050): Buffer {
  const r = prng(seed);
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25];
  const beat = r.pick([0.3, 0.4, 0.5]);
  const samples = Math.floor(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  let note = r.int(0, scale.length - 1);
  for (let start = 0; start < samples; start += Math.floor(beat * rate)) {
    note = Math.max(0, Math.min(scale.length - 1, note + r.int(-2, 2)));
    const f = scale[note],
      len = Math.min(Math.floor(beat * rate * 1.6), samples - start);
    for (let i = 0; i < len; i++) {
      const t = i / rate;
      const env = Math.min(1, t / 0.02) * Math.exp(-t * 3);
      const v = (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t)) * env * 0.25;
      const at = (start + i) * 2;
      data.writeInt16LE(Math.max(-32767, Math.min(32767, data.readInt16LE(at) + Math.round(v * 32767))), at);
    }
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
