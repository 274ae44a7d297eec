/** Markdown as the words a reader sees: pictures dropped, links as their text, no markup characters. */
export function plainText(markdown: string): string {
  return (
    markdown
      // A head cut inside a picture or link leaves markup unclosed at its end: drop that tail.
      .replace(/!?\[[^\]]*(\]\([^)]*)?$/, "")
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[#>*_`~-]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}
