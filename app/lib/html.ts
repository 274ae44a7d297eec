/** Text made safe to put inside HTML markup or a quoted attribute, for code that builds HTML as a string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
