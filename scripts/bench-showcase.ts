/**
 * The showcase part of `npm run bench`: a series to open. Its author is a member of its own, so the bench member's
 * home and centre read what they read before.
 */
import { post, signup } from "./bench-inbox.ts";

/** A member publishes `size` works into a node and groups them in a series; answers the series' id. */
export async function makeSeries(base: string, nodeId: number, size = 12): Promise<number> {
  const author = await signup(base, `benchseries${Date.now() % 1e6}`);
  const created = await post(base, author, "/series/create", { title: "压测合集", description: "一组连续的练习" });
  const seriesId = (await created.json()).data.seriesId as number;
  for (let i = 1; i <= size; i++) {
    const res = await post(base, author, "/art/create", { type: 0, nodeId, title: `第${i}话`, content: `连载 ${i}` });
    await post(base, author, `/series/${seriesId}/add`, { workId: (await res.json()).data.artId });
  }
  return seriesId;
}
