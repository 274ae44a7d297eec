/** Text made safe to put inside HTML markup or a quoted attribute, for code that builds HTML as a string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/ld+json">`: "<" escaped, so no text inside can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
