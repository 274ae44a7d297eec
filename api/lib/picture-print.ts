import sharp from "sharp";

/**
 * A picture's perceptual hash (pHash): its 32×32 grey, the low 8×8 of its cosine transform (the DC term left out),
 * each bit whether that frequency stands above their median. Re-encoding, resizing, a little colour or a watermark
 * move a few bits; another picture differs in about half. A picture with almost nothing in it (one colour, a faint
 * gradient) has no print: every such picture would be like every other.
 */
const SIDE = 32;
const LOW = 8;

/** Within this many bits of 64, two pictures are the same one (changed as re-encoding and resizing change it). */
export const SAME_PICTURE_BITS = 6;

/** Grey levels' spread under which a picture counts as blank. */
const BLANK_SPREAD = 6;

const cosines = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

export type PicturePrint = { hash: string; bands: [number, number, number, number] };

/** The print of a picture's bytes (any format sharp reads), or null for a blank one. */
export async function printOf(bytes: Buffer): Promise<PicturePrint | null> {
  const grey = await sharp(bytes, { animated: false }).greyscale().resize(SIDE, SIDE, { fit: "fill" }).raw().toBuffer();
  let sum = 0;
  for (const v of grey) sum += v;
  const mean = sum / grey.length;
  let spread = 0;
  for (const v of grey) spread += (v - mean) ** 2;
  if (Math.sqrt(spread / grey.length) < BLANK_SPREAD) return null;
  const terms: number[] = [];
  for (let u = 0; u < LOW; u++)
    for (let v = 0; v < LOW; v++) {
      let t = 0;
      for (let y = 0; y < SIDE; y++) {
        const cy = cosines[u][y];
        for (let x = 0; x < SIDE; x++) t += grey[y * SIDE + x] * cy * cosines[v][x];
      }
      terms.push(t);
    }
  const ac = terms.slice(1);
  const median = [...ac].sort((a, b) => a - b)[ac.length >> 1];
  let hash = 0n;
  for (const t of terms) hash = (hash << 1n) | (t > median ? 1n : 0n);
  return fromHash(hash.toString(16).padStart(16, "0"));
}

/** A stored hash with its bands (16 bits each, high to low). */
export function fromHash(hash: string): PicturePrint {
  const n = BigInt(`0x${hash}`);
  const band = (i: number) => Number((n >> BigInt(48 - 16 * i)) & 0xffffn);
  return { hash, bands: [band(0), band(1), band(2), band(3)] };
}

/** How many of the 64 bits two hashes differ in. */
export function bitsApart(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  for (; x; x &= x - 1n) bits++;
  return bits;
}
