import { Transform } from "node:stream";
import { HELD } from "./scripts-after-paint.tsx";

/**
 * Holds a page's scripts until its first frame (issue 58, docs/speed.md). React Router's `<Scripts>` preloads every
 * module of the page in the head and starts them at once: on a slow link 130 KB of scripts then compete with the
 * stylesheet and the lead picture, and a phone evaluates React before it paints anything. The page needs no script
 * to be read or used (its forms post natively), so this rewrite makes the two pieces inert, and the loader that
 * `<ScriptsAfterPaint>` draws (./scripts-after-paint.tsx) starts them as the first frame is drawn:
 *
 * - `<link rel="modulepreload" …>` becomes `<link rel="x-modulepreload" …>` (a rel the browser ignores);
 * - React Router's inline `<script … type="module" async="">` becomes `type="x-module"` (a type it does not run).
 *
 * Only markup React writes from props has these attributes with raw quotes: text and attribute values are escaped
 * (`&quot;`), and the JSON in the data scripts escapes its quotes.
 */
const rewrites: [from: string, to: string][] = [
  ['<link rel="modulepreload"', `<link rel="${HELD.preload}"`],
  ['type="module" async=""', `type="${HELD.module}"`],
];
// A pattern may straddle two chunks: this much of each chunk's end waits for the next one.
const carry = Math.max(...rewrites.map(([from]) => from.length)) - 1;

/** The rewrite of one whole piece of markup (a stored page, a test). */
export function holdScriptsIn(html: string): string {
  for (const [from, to] of rewrites) html = html.replaceAll(from, to);
  return html;
}

/**
 * The rewrite as a stream, for a render that is sent while React writes it. Bytes are read as latin1 so that a
 * chunk cut inside a Chinese character passes through unchanged: the patterns are ASCII.
 */
export function holdScripts(): Transform {
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = holdScriptsIn(pending + (typeof chunk === "string" ? Buffer.from(chunk) : chunk).toString("latin1"));
      // Whatever could begin a pattern stays for the next chunk; a rewritten pattern cannot begin one again.
      const keep = lastPossibleStart(text);
      pending = text.slice(keep);
      done(null, keep > 0 ? Buffer.from(text.slice(0, keep), "latin1") : undefined);
    },
    flush(done) {
      done(null, pending ? Buffer.from(pending, "latin1") : undefined);
    },
  });
}

/** Where the text's tail could be the start of a pattern cut by the chunk's end (its length when it cannot). */
function lastPossibleStart(text: string): number {
  for (let at = Math.max(0, text.length - carry); at < text.length; at++) {
    const tail = text.slice(at);
    if (rewrites.some(([from]) => from.startsWith(tail))) return at;
  }
  return text.length;
}
