import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdScripts, holdScriptsIn } from "./scripts-after-paint.server.ts";

// What React Router's <Scripts> writes, as React renders it, with a page's own text around it.
const page =
  '<html><head><link rel="modulepreload" href="/assets/react-1.js" nonce="N"/>' +
  '<link rel="modulepreload" href="/assets/home-2.js" nonce="N"/><link rel="stylesheet" href="/a.css"/></head>' +
  "<body><p>水彩入门：从一张纸开始</p><p>&lt;link rel=&quot;modulepreload&quot;&gt; type=&quot;module&quot;</p>" +
  '<script nonce="N">window.__reactRouterContext = {"note":"type=\\"module\\" async=\\"\\""}</script>' +
  '<script nonce="N" type="module" async="">import * as route0 from "/assets/home-2.js";</script></body></html>';

describe("a page's scripts held until its first frame", () => {
  it("makes the preloads and React Router's module script inert, and nothing else", () => {
    const held = holdScriptsIn(page);
    expect(held).not.toContain('rel="modulepreload"');
    expect(held.match(/rel="x-modulepreload" href="\/assets\/[^"]+"/g)).toHaveLength(2);
    expect(held).toContain('<script nonce="N" type="x-module">import * as route0');
    expect(held).toContain('<link rel="stylesheet" href="/a.css"/>');
    // A member's words and the page's data keep their text exactly.
    expect(held).toContain("<p>&lt;link rel=&quot;modulepreload&quot;&gt; type=&quot;module&quot;</p>");
    expect(held).toContain('{"note":"type=\\"module\\" async=\\"\\""}');
  });

  it("rewrites a stream cut anywhere, even inside a Chinese character, as it rewrites the whole", async () => {
    const bytes = Buffer.from(page);
    const whole = holdScriptsIn(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const pieces = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(await text(Readable.from(pieces).pipe(holdScripts())), `cut at ${cut}`).toBe(whole);
    }
    // Many small pieces: a pattern across three of them.
    const small = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(await text(Readable.from(small).pipe(holdScripts()))).toBe(whole);
  });
});
