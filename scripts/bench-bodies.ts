/**
 * The hostile-bodies part of `npm run bench`: members each post three 19 MB files that are not pictures at once, as
 * the uploader does (`/upload`) and as an app would (`/api/upload`), four rounds each, while the server's resident
 * memory is read; then how much of it the server keeps once they stop. What the gates refuse (429, or the connection
 * closed under a body still being sent) and what the API answers once a body is in (400, not a picture) are counted.
 * Then real pictures: members each upload two of 6 megapixels at once, the memory that drawing them takes and keeps.
 */
import sharp from "sharp";
import { signup } from "./bench-inbox.ts";
import { describeParts, residentMb, residentParts } from "./proc.ts";

const MB = 1024 * 1024;

async function signUp(base: string, prefix: string, count: number) {
  const stamp = Date.now() % 1e6;
  const who = [];
  for (let i = 0; i < count; i++) who.push(await signup(base, `${prefix}${stamp}x${i}`));
  return who;
}

/**
 * Posts `bytes` as the form field `image` from a member at an address of their own, counting the answer. A post
 * refused before its body is read may find the connection closed while it is still sending: "closed".
 */
async function postFile(
  url: string,
  token: string,
  address: string,
  file: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string },
  answers: Record<string, number>,
) {
  const form = new FormData();
  form.set("image", new Blob([file.bytes], { type: file.type }), file.name);
  const origin = new URL(url).origin;
  const res = await fetch(url, {
    method: "POST",
    body: form,
    headers: { Cookie: `token=${token}`, "X-User-Token": token, Origin: origin, "X-Forwarded-For": address },
  }).catch(() => null);
  const answer = res ? String(res.status) : "closed";
  answers[answer] = (answers[answer] ?? 0) + 1;
  await res?.arrayBuffer();
}

/**
 * The server's resident memory before `work`, at most during it, when it ends and ten seconds later, in MB, with
 * where the last is and when it settled (the last reading, every 100 ms after the end, more than 8 MB from it).
 */
async function memoryAround(pid: number, work: () => Promise<void>) {
  const before = residentMb(pid);
  let most = before;
  const watch = setInterval(() => (most = Math.max(most, residentMb(pid))), 50);
  const started = performance.now();
  await work();
  clearInterval(watch);
  const ended = performance.now();
  const seconds = ((ended - started) / 1000).toFixed(1);
  const after = residentMb(pid);
  const readings: { at: number; mb: number }[] = [];
  const rest = setInterval(() => readings.push({ at: performance.now() - ended, mb: residentMb(pid) }), 100);
  await new Promise((r) => setTimeout(r, 10_000));
  clearInterval(rest);
  const last = residentMb(pid);
  const settled = readings.findLast((r) => Math.abs(r.mb - last) > 8)?.at ?? 0;
  return (
    `server RSS ${before} → at most ${most} → ${after} MB when they stop, ${last} MB 10 s later (${seconds} s; ` +
    `settled ${(settled / 1000).toFixed(1)} s after the end; ${describeParts(residentParts(pid))})`
  );
}

export async function hostileBodies(base: string, pid: number, members = 8, rounds = 4) {
  const who = await signUp(base, "bodies", members);
  const junk = { bytes: new Uint8Array(19 * MB).map((_, i) => (i * 7919) & 255), type: "image/jpeg", name: "a.jpg" };
  for (const [way, path] of [
    ["the uploader's /upload", "/upload?field=image"],
    ["an app's /api/upload", "/api/upload"],
  ] as const) {
    const answers: Record<string, number> = {};
    const memory = await memoryAround(pid, async () => {
      for (let round = 0; round < rounds; round++)
        await Promise.all(
          who.flatMap((m, i) =>
            [0, 1, 2].map(() => postFile(`${base}${path}`, m.token, `198.51.100.${i + 1}`, junk, answers)),
          ),
        );
    });
    console.log(
      `hostile bodies through ${way}: ${members} members × 3 files of 19 MB at once, ${rounds} rounds (answers ${JSON.stringify(answers)}): ${memory}`,
    );
  }
}

/** Members each upload two real pictures at once (2,500 × 2,500 PNGs), while the server's resident memory is read. */
export async function realPictures(base: string, pid: number, members = 6) {
  const side = 2500;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const picture = { bytes: new Uint8Array(png), type: "image/png", name: "a.png" };
  const who = await signUp(base, "pictures", members);
  const answers: Record<string, number> = {};
  const memory = await memoryAround(pid, async () => {
    await Promise.all(
      who.flatMap((m, i) =>
        [0, 1].map(() => postFile(`${base}/upload?field=image`, m.token, `198.51.100.${i + 101}`, picture, answers)),
      ),
    );
  });
  console.log(
    `real pictures through the uploader: ${members} members × 2 PNGs of ${side} × ${side} at once (answers ${JSON.stringify(answers)}): ${memory}`,
  );
}
