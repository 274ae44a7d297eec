import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, startApi, type TestApi } from "../../test/harness.ts";
import { HABIT_WINDOW, habitNodes, viewerHabits } from "./habits.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(() => t.close());

/** `count` works by `authorId` in `nodeId`, liked by `likerId` at times starting from `likedFrom`, one apart. */
async function liked(likerId: number, authorId: number, nodeId: number, count: number, likedFrom: number) {
  const at = t.now();
  const works = await t.db
    .insertInto("works")
    .values(
      Array.from({ length: count }, (_, i) => ({
        type: 2,
        user_id: authorId,
        node_id: nodeId,
        title: `作品${nodeId}-${i}`,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning("id")
    .execute();
  await t.db
    .insertInto("likes")
    .values(works.map((w, i) => ({ user_id: likerId, work_id: w.id, created_at: likedFrom + i })))
    .execute();
}

describe("a member's habits", () => {
  it("come from their latest likes: a heavy liker's old taste gives way to what they like now", async () => {
    const [fan, older, newer] = await Promise.all(["fan", "older", "newer"].map((u) => t.signup({ username: u })));
    const [prints, songs] = [await insertNode(t, "版画"), await insertNode(t, "歌")];
    // Long ago, more likes in 版画 than the window holds; lately, a full window of 歌.
    await liked(fan.user.id, older.user.id, prints, HABIT_WINDOW + 100, 1_000);
    await liked(fan.user.id, newer.user.id, songs, HABIT_WINDOW, 1_000_000);
    expect(await habitNodes(t.db, fan.user.id)).toEqual([songs]);
    const habits = await viewerHabits(t.db, fan.user.id);
    expect(habits.nodeIds).toEqual([songs]);
    expect(habits.authorIds).toEqual([newer.user.id]);
  });

  it("count both what they publish and what they like, most first", async () => {
    const [fan, other] = await Promise.all(["fan", "other"].map((u) => t.signup({ username: u })));
    const [a, b, c, d] = [
      await insertNode(t, "甲"),
      await insertNode(t, "乙"),
      await insertNode(t, "丙"),
      await insertNode(t, "丁"),
    ];
    await liked(fan.user.id, fan.user.id, a, 4, 10);
    await liked(fan.user.id, other.user.id, b, 3, 100);
    await liked(fan.user.id, other.user.id, c, 2, 200);
    await liked(fan.user.id, other.user.id, d, 1, 300);
    expect(await habitNodes(t.db, fan.user.id)).toEqual([a, b, c]);
  });
});
