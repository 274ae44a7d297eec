import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { feedTuning, listFollowedWorks } from "./following.ts";
import { seedPeople } from "../../seed/people.ts";
import type { After } from "./keyset.ts";

let t: TestApi;
let reader: number;
let people: number[];
let expected: number[];
const tuning = { ...feedTuning };
beforeEach(async () => {
  t = await startApi();
  const at = t.now();
  const node = await insertNode(t, "插画");
  [reader, ...people] = await seedPeople(t.db, 13, at);
  // Ten followed people; the first three write often, the rest rarely; two strangers write the most.
  const followed = people.slice(0, 10);
  const strangers = people.slice(10);
  expected = [];
  for (let i = 0; i < 120; i++) {
    const author = i % 4 === 0 ? followed[i % 3] : i % 29 === 0 ? followed[3 + (i % 7)] : strangers[i % 2];
    const id = await insertWork(t, { userId: author, nodeId: node, createdAt: at - i * 1000 });
    if (followed.includes(author)) expected.push(id);
  }
  await t.db
    .insertInto("follows")
    .values(followed.map((target_id) => ({ user_id: reader, target_id, created_at: at })))
    .execute();
});
afterEach(async () => {
  Object.assign(feedTuning, tuning);
  await t.close();
});

async function wholeFeed(limit: number) {
  const seen: number[] = [];
  let after: After | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const rows = await listFollowedWorks(t.db, { order: "created", followerId: reader, after, limit });
    const page = rows.slice(0, limit);
    seen.push(...page.map((r) => r.id));
    if (rows.length <= limit) break;
    const last = page.at(-1)!;
    after = { key: last.created_at, id: last.id };
  }
  return seen;
}

describe("the following feed's three ways", () => {
  it.each([
    ["one by one (few followed)", { few: 400, window: 5000 }],
    ["the recent window (many followed, busy)", { few: 3, window: 40 }],
    ["one by one in groups (many followed, the window too thin)", { few: 3, window: 4 }],
  ])("%s gives every followed work once, newest first", async (_, settings) => {
    Object.assign(feedTuning, settings);
    expect(await wholeFeed(5)).toEqual(expected);
  });
});

describe("a followed tag in each way (issue 59)", () => {
  it.each([
    ["one by one (few followed)", { few: 400, window: 5000 }],
    ["the recent window (many followed, busy)", { few: 3, window: 40 }],
    ["one by one in groups (many followed, the window too thin)", { few: 3, window: 4 }],
  ])("%s adds the tag's works of strangers, each once, in order", async (_, settings) => {
    Object.assign(feedTuning, settings);
    // Every fifth work is tagged 速写, followed and strangers' alike.
    const works = await t.db.selectFrom("works").select(["id", "created_at"]).orderBy("created_at", "desc").execute();
    const tag = (
      await t.db
        .insertInto("tags")
        .values({ name: "速写", name_key: "速写", created_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const tagged = works.filter((_, i) => i % 5 === 0).map((w) => w.id);
    await t.db
      .insertInto("work_tags")
      .values(tagged.map((work_id) => ({ work_id, tag_id: tag })))
      .execute();
    await t.db.insertInto("tag_follows").values({ user_id: reader, tag_id: tag, created_at: 1 }).execute();
    const want = works.map((w) => w.id).filter((id) => expected.includes(id) || tagged.includes(id));
    expect(want.length).toBeGreaterThan(expected.length);
    expect(await wholeFeed(5)).toEqual(want);
  });
});
