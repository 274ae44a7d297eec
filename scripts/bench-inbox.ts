/**
 * The inbox part of `npm run bench`: gives the bench member a full inbox (works of theirs liked, favorited and
 * commented on, followers, private messages from several people), and measures how fast a change reaches open
 * pages over the inbox stream, and what open streams cost in memory.
 */
import { signupForm, type Member } from "../api/test/signup.ts";

const form = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));

/** Signs a member up from an address of their own (sign-ups are limited per address; the bench's server trusts the proxy header). */
export async function signup(base: string, name: string): Promise<Member> {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  const res = await fetch(`${base}/api/login/signup`, {
    method: "POST",
    headers: { "X-Forwarded-For": `198.18.${byte()}.${byte()}` },
    body: signupForm(name),
  });
  return (await res.json()).data as Member;
}

export const post = (base: string, who: Member, path: string, values: Record<string, string | number> = {}) =>
  fetch(`${base}/api${path}`, { method: "POST", headers: { "X-User-Token": who.token }, body: form(values) });

/** Five people each follow the member, like, favorite and comment on three works of theirs, and write 20 messages. */
export async function fillInbox(base: string, me: Member, nodeId: number) {
  const works: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await post(base, me, "/art/create", { type: 1, nodeId, content: `压测作品 ${i}` });
    works.push((await res.json()).data.artId);
  }
  const stamp = Date.now() % 1e6;
  for (let i = 0; i < 5; i++) {
    const other = await signup(base, `inbox${stamp}x${i}`);
    await post(base, other, "/fans/follow", { userId: me.user.id });
    for (const w of works) {
      await post(base, other, `/art/like/${w}`);
      await post(base, other, `/art/favorite/${w}`);
      await post(base, other, "/comment/create", { workId: w, content: `第${i}位读者的评论` });
    }
    for (let m = 0; m < 20; m++) await post(base, other, "/message/send", { userId: me.user.id, content: `消息 ${m}` });
  }
}

/** Reads one stream until `needle` arrives; resolves with the time it did. */
function watch(res: Response, needle: string): { arrived: Promise<number>; close: () => Promise<void> } {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const arrived = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      text += value;
      if (text.includes(needle)) return performance.now();
    }
  })();
  return { arrived, close: () => reader.cancel().catch(() => {}) };
}

/**
 * Opens one inbox stream for each of `count` new members, then has the bench member follow each of them: the
 * time from the follow's answer to the event on that member's stream, p50/p99, and the server's memory with the
 * streams open.
 */
export async function measureStreams(base: string, me: Member, count: number, rss: () => number) {
  const stamp = Date.now() % 1e6;
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await signup(base, `live${stamp}x${i}`));
  const before = rss();
  const streams = [];
  for (const m of members) {
    const res = await fetch(`${base}/user/events`, { headers: { cookie: `token=${m.token}` } });
    const s = watch(res, '"kind":"follow"');
    streams.push(s);
  }
  await new Promise((r) => setTimeout(r, 500));
  const open = rss();
  const delays: number[] = [];
  for (const [i, m] of members.entries()) {
    await post(base, me, "/fans/follow", { userId: m.user.id });
    const answered = performance.now();
    delays.push((await streams[i].arrived) - answered);
  }
  await Promise.all(streams.map((s) => s.close()));
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1);
  console.log(
    `\ninbox stream: ${count} pages open (server RSS ${before} → ${open} MB); a follow reaches the followed page's stream in p50 ${at(0.5)} ms, p99 ${at(0.99)} ms after the follow's answer`,
  );
}
