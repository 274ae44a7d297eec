/**
 * @name in a comment: letters, digits, CJK, underscore and hyphen, as usernames and nicknames are written. The API
 * resolves what a comment names with MENTION; the comment box suggests people for the name being typed (mentionAt).
 */
export const MENTION = /@([\p{L}\p{N}_-]{1,20})/gu;

const TYPING = /@([\p{L}\p{N}_-]{1,20})$/u;

/** The name being typed just before the caret, and where its @ stands; null when none is. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = TYPING.exec(text.slice(0, caret));
  return m ? { start: m.index, query: m[1] } : null;
}

/** How a person is written after @: their nickname when it can be written so, else their username. */
export function mentionName(person: { nickname: string; username: string }): string {
  return /^[\p{L}\p{N}_-]{1,20}$/u.test(person.nickname) ? person.nickname : person.username;
}
