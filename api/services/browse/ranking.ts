/**
 * "Recommended" order: a time-decayed score that only changes when someone interacts, so it can be stored on the
 * row and indexed (the shape of Reddit's hot rank):
 *
 *   score = log10(1 + likes + 2·favorites + 3·commenters) + createdAtSeconds / DECAY_SECONDS
 *
 * where commenters are the people other than the author with a live comment on the work (not the comments: one
 * person's hundred comments, or the author's own replies, would otherwise buy the top of 推荐).
 *
 * Every DECAY_SECONDS (two days) of recency is worth ten times the engagement, so a new work with a few likes
 * climbs above an old one with many, and an older work stays up only while it keeps earning likes. Ties fall to
 * the newer id.
 */
export const DECAY_SECONDS = 172_800;

export function engagement(counts: { likes: number; favorites: number; comments: number }): number {
  return counts.likes + 2 * counts.favorites + 3 * counts.comments;
}

export function rankScore(counts: { likes: number; favorites: number; comments: number }, createdAtMs: number): number {
  return Math.log10(1 + engagement(counts)) + createdAtMs / 1000 / DECAY_SECONDS;
}
