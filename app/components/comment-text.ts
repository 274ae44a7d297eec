export type Piece =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "mention"; text: string; userId: number };

const TOKEN = /(https?:\/\/[^\s<>"'，。！？、）】]+)|@([\p{L}\p{N}_-]{1,20})/gu;

/**
 * Splits a comment into plain text, links and @mentions of real users. The page renders the pieces as React
 * text and anchors, so nothing a user writes can become markup.
 */
export function commentPieces(content: string, mentions: Record<string, number>): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of content.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    const userId = m[2] ? (mentions[m[2]] ?? mentions[m[2].toLowerCase()]) : undefined;
    if (m[2] && !userId) continue;
    if (at > last) out.push({ kind: "text", text: content.slice(last, at) });
    out.push(m[1] ? { kind: "link", text: m[1], href: m[1] } : { kind: "mention", text: m[0], userId: userId! });
    last = at + m[0].length;
  }
  if (last < content.length) out.push({ kind: "text", text: content.slice(last) });
  return out;
}
