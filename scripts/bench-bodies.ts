/**
 * The hostile-bodies part of `npm run bench`: members each post three 19 MB files that are not pictures at once, as
 * the uploader does (`/upload`) and as an app would (`/api/upload`), four rounds each, while the server's resident
 * memory is read; then how much of it the server keeps once they stop. What the gates refuse (429, or the connection
 * closed under a body still being sent) and what the API answers once a body is in (400, not a picture) are counted.
 * Then real pictures: members each upload two of 6 megapixels at once, the memory that drawing them takes and keeps.
 */
import sharp from "sharp";
import { signup } from "./bench-inbox.ts";

const MB = 1024 * 1024;

export async function hostileBodies(base: string, rss: () => number, members = 8, rounds = 4) {
  const stamp = Date.now() % 1e6;
  const who = [];
  for (let i = 0; i < members; i++) who.push(await signup(base, `bodies${stamp}x${i}`));
  const junk = new Uint8Array(19 * MB).map((_, i) => (i * 7919) & 255);
  for (const [way, path] of [
    ["the uploader's /upload", "/upload?field=image"],
    ["an app's /api/upload", "/api/upload"],
  ] as const) {
    const answers: Record<string, number> = {};
    const before = rss();
    let most = before;
    const watch = setInterval(() => (most = Math.max(most, rss())), 50);
    for (let round = 0; round < rounds; round++)
      await Promise.all(
        who.flatMap((m, i) =>
          [0, 1, 2].map(async () => {
            const form = new FormData();
            form.set("image", new Blob([junk], { type: "image/jpeg" }), "a.jpg");
            // A post refused before its body is read may find the connection closed while it is still sending.
            const res = await fetch(`${base}${path}`, {
              method: "POST",
              body: form,
              headers: {
                Cookie: `token=${m.token}`,
                "X-User-Token": m.token,
                Origin: base,
                "X-Forwarded-For": `198.51.100.${i + 1}`,
              },
            }).catch(() => null);
            const answer = res ? String(res.status) : "closed";
            answers[answer] = (answers[answer] ?? 0) + 1;
            await res?.arrayBuffer();
          }),
        ),
      );
    clearInterval(watch);
    const after = rss();
    await new Promise((r) => setTimeout(r, 10_000));
    console.log(
      `hostile bodies through ${way}: ${members} members × 3 files of 19 MB at once, ${rounds} rounds (answers ${JSON.stringify(answers)}): server RSS ${before} → at most ${most} → ${after} MB when they stop, ${rss()} MB 10 s later`,
    );
  }
}

/** Members each upload two real pictures at once (2,500 × 2,500 PNGs), while the server's resident memory is read. */
export async function realPictures(base: string, rss: () => number, members = 6) {
  const side = 2500;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const stamp = Date.now() % 1e6;
  const who = [];
  for (let i = 0; i < members; i++) who.push(await signup(base, `pictures${stamp}x${i}`));
  const answers: Record<string, number> = {};
  const before = rss();
  let most = before;
  const watch = setInterval(() => (most = Math.max(most, rss())), 50);
  const started = performance.now();
  await Promise.all(
    who.flatMap((m, i) =>
      [0, 1].map(async () => {
        const form = new FormData();
        form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
        const res = await fetch(`${base}/upload?field=image`, {
          method: "POST",
          body: form,
          headers: { Cookie: `token=${m.token}`, Origin: base, "X-Forwarded-For": `198.51.100.${i + 101}` },
        }).catch(() => null);
        const answer = res ? String(res.status) : "closed";
        answers[answer] = (answers[answer] ?? 0) + 1;
        await res?.arrayBuffer();
      }),
    ),
  );
  clearInterval(watch);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const after = rss();
  await new Promise((r) => setTimeout(r, 10_000));
  console.log(
    `real pictures through the uploader: ${members} members × 2 PNGs of ${side} × ${side} at once, in ${seconds} s (answers ${JSON.stringify(answers)}): server RSS ${before} → at most ${most} → ${after} MB when they are in, ${rss()} MB 10 s later`,
  );
}
