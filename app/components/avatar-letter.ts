export const avatarSizes = [20, 24, 30, 35, 40, 45, 50, 60, 70, 80, 100, 150] as const;
export type AvatarSize = (typeof avatarSizes)[number];

/** The first letter of the nickname, else of the username (requirements §3), upper-cased for Latin letters. */
export function avatarLetter(user: { nickname?: string | null; username?: string | null }): string {
  const source = (user.nickname || "").trim() || (user.username || "").trim();
  const first = Array.from(source)[0] ?? "?";
  return first.toUpperCase();
}

/** A colour derived from the letter: the same letter always gets the same hue. */
export function avatarColor(letter: string): string {
  const code = letter.codePointAt(0) ?? 0;
  const hue = (code * 47) % 360;
  return `hsl(${hue} 55% 48%)`;
}
