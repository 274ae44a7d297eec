import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertComment } from "../db/queries/comments.ts";
import type { prng } from "./art.ts";
import { demo } from "./content.ts";

type Rng = ReturnType<typeof prng>;

/**
 * Members talk under each other's works: about half the works get one to four comments from people other than
 * their author, and the author answers some of them. Answers how many comments each work got.
 */
export async function seedConversations(
  db: Kysely<DB>,
  r: Rng,
  works: { id: number; authorId: number; createdAt: number }[],
  people: number[],
  now: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const work of works) {
    if (r.next() < 0.5) continue;
    const others = r.shuffle(people.filter((p) => p !== work.authorId)).slice(0, r.int(1, 4));
    for (const [i, userId] of others.entries()) {
      const at = work.createdAt + Math.floor(((i + 1) / (others.length + 1)) * (now - work.createdAt));
      const commentId = await insertComment(db, {
        work_id: work.id,
        user_id: userId,
        parent_id: null,
        reply_to_user_id: null,
        content: r.pick(demo.comments),
        created_at: at,
      });
      counts.set(work.id, (counts.get(work.id) ?? 0) + 1);
      if (r.next() < 0.4) {
        await insertComment(db, {
          work_id: work.id,
          user_id: work.authorId,
          parent_id: commentId,
          reply_to_user_id: userId,
          content: r.pick(demo.replies),
          created_at: Math.min(now, at + r.int(10, 600) * 60_000),
        });
        counts.set(work.id, (counts.get(work.id) ?? 0) + 1);
      }
    }
  }
  return counts;
}
