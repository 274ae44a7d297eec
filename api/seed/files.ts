import { THUMB_WIDTHS } from "../lib/media.ts";
import type { Storage } from "../lib/storage.ts";
import { artwork, artworkAndCopies, melodyWav, type ArtStyle } from "./art.ts";

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
   * phone fetch 320 pixels for its 180-pixel column rather than the whole picture. All are drawn in one job.
   */
  picture(name: string, seed: number, style: ArtStyle, width: number, height: number) {
    const narrower = THUMB_WIDTHS.filter((w) => w < width);
    const keys = [`demo/${name}.webp`, ...narrower.map((w) => `demo/${name}-${w}.webp`)];
    this.jobs.push(async () => {
      const drawn = await artworkAndCopies(seed, style, width, height, narrower);
      await Promise.all(drawn.map((bytes, i) => this.storage.put(keys[i], bytes, types.webp)));
    });
    const variants = Object.fromEntries(narrower.map((w, i) => [w, `/uploads/${keys[i + 1]}`]));
    return { url: `/uploads/${keys[0]}`, variants };
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
