import sharp from "sharp";
import { THUMB_WIDTHS } from "../lib/media.ts";
import type { Storage } from "../lib/storage.ts";
import { artwork, melodyWav, type ArtStyle } from "./art.ts";

const types: Record<string, string> = { webp: "image/webp", png: "image/png", wav: "audio/wav" };

/** Puts generated media under demo/ in the site's storage, a few at a time. */
export class Files {
  private jobs: (() => Promise<void>)[] = [];
  private storage: Storage;
  constructor(storage: Storage) {
    this.storage = storage;
  }
  private add(name: string, make: () => Promise<Buffer> | Buffer): string {
    const key = `demo/${name}`;
    const type = types[name.split(".").pop() ?? ""] ?? "application/octet-stream";
    this.jobs.push(async () => void (await this.storage.put(key, await make(), type)));
    return `/uploads/${key}`;
  }
  image(name: string, seed: number, style: ArtStyle, width: number, height: number): string {
    return this.add(name, () => artwork(seed, style, width, height));
  }
  /**
   * A work's picture with the narrower copies an upload gets (api/lib/media.ts), so that a demo card's srcset lets a
   * phone fetch 320 pixels for its 180-pixel column rather than the whole picture.
   */
  picture(name: string, seed: number, style: ArtStyle, width: number, height: number) {
    let drawn: Promise<Buffer> | undefined;
    const whole = () => (drawn ??= artwork(seed, style, width, height));
    const url = this.add(`${name}.webp`, whole);
    const variants: Record<string, string> = {};
    for (const narrow of THUMB_WIDTHS.filter((w) => w < width))
      variants[narrow] = this.add(`${name}-${narrow}.webp`, async () =>
        sharp(await whole())
          .resize({ width: narrow })
          .webp({ quality: 80 })
          .toBuffer(),
      );
    return { url, variants };
  }
  audio(name: string, seed: number): string {
    return this.add(name, () => melodyWav(seed));
  }
  async flush() {
    const queue = [...this.jobs];
    this.jobs = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      }),
    );
  }
}
