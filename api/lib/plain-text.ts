/**
 * Markdown as the words a reader sees: pictures dropped, links as their text, no markup. Only markup goes: a hyphen
 * inside a word (X-T4) or an underscore in a name stays.
 */
export function plainText(markdown: string): string {
  return (
    markdown
      // A head cut inside a picture or link leaves markup unclosed at its end: drop that tail.
      .replace(/!?\[[^\]]*(\]\([^)]*)?$/, "")
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, " ")
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])[ \t]+/gm, "")
      .replace(/\*\*|__|~~|`+|\*/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}
