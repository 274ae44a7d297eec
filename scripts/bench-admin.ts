/**
 * The admin part of `npm run bench`: the dashboard and the works list as the owner, publishing with a long
 * sensitive-word list in force, and the word matcher on its own (build, and one scan of a 50,000-character work).
 */
import { WordMatcher, type Word } from "../api/test/kit.ts";

export const benchOwner = { username: "benchowner", password: "bench-owner-pass" };

export async function ownerToken(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/login/signin`, {
    method: "POST",
    body: new URLSearchParams(benchOwner),
  });
  return res.ok ? ((await res.json()).data.token as string) : null;
}

/** `count` distinct words of two to four CJK characters, none of them in ordinary text by construction (rare characters). */
export function rareWords(count: number): string[] {
  const words = new Set<string>();
  // xorshift32: repeatable, and exact in 32-bit integers (a float LCG loses bits and can cycle short).
  let seed = 2_463_534_242;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>>= 0);
  };
  while (words.size < count) {
    const length = 2 + (next() % 3);
    words.add(Array.from({ length }, () => String.fromCodePoint(0x3400 + (next() % 6000))).join(""));
  }
  return [...words];
}

export async function saveWordList(base: string, token: string, refuse: string[]) {
  const res = await fetch(`${base}/api/admin/words`, {
    method: "POST",
    headers: { "X-User-Token": token },
    body: new URLSearchParams({ refuse: refuse.join("\n"), review: "", mask: "" }),
  });
  if (!res.ok) throw new Error(`saving the word list: ${res.status} ${await res.text()}`);
}

/** The matcher alone: how long building it takes, and one scan of a long work (median of 30). */
export function matcherFigures(sizes: number[]) {
  const text = "今天在窗边画了一张水彩，阳光很好，颜色透明。Blender 渲染练习 2026! ".repeat(1_600).slice(0, 50_000);
  for (const size of sizes) {
    const words: Word[] = rareWords(size).map((word) => ({ word, action: "refuse" }));
    let started = performance.now();
    const matcher = WordMatcher.build(words);
    const build = performance.now() - started;
    const scans: number[] = [];
    for (let i = 0; i < 30; i++) {
      started = performance.now();
      matcher.find(text);
      scans.push(performance.now() - started);
    }
    scans.sort((a, b) => a - b);
    console.log(
      `sensitive words: ${size} words built in ${build.toFixed(1)} ms; a 50,000-character text scanned in ${scans[15].toFixed(2)} ms (median of 30)`,
    );
  }
}
