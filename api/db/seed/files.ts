import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { artwork, melodyWav, type ArtStyle } from "./art.ts";

/** Writes generated media under uploads/demo, a few at a time. */
export class Files {
  private jobs: (() => Promise<void>)[] = [];
  private dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  image(name: string, seed: number, style: ArtStyle, width: number, height: number): string {
    this.jobs.push(async () => writeFile(path.join(this.dir, "demo", name), await artwork(seed, style, width, height)));
    return `/uploads/demo/${name}`;
  }
  audio(name: string, seed: number): string {
    this.jobs.push(async () => writeFile(path.join(this.dir, "demo", name), melodyWav(seed)));
    return `/uploads/demo/${name}`;
  }
  async flush() {
    await mkdir(path.join(this.dir, "demo"), { recursive: true });
    const queue = [...this.jobs];
    this.jobs = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      }),
    );
  }
}
