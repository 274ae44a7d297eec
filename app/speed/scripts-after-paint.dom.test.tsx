// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HELD, ScriptsAfterPaint, startHeldScripts } from "./scripts-after-paint.tsx";

// The frames the page would paint: each callback runs when the test paints one.
let frames: FrameRequestCallback[] = [];
const paintFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ["setTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

function heldPage() {
  document.head.innerHTML =
    '<link rel="x-modulepreload" href="/assets/react-1.js"><link rel="x-modulepreload" href="/assets/home-2.js">';
  document.body.innerHTML = '<main>作品</main><script type="x-module">window.started = 1;</script>';
}

const started = () => [...document.querySelectorAll('script[type="module"]')];
const preloads = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

describe("the loader of held scripts", () => {
  it("starts them with the first frame, with the page's nonce, once", () => {
    heldPage();
    startHeldScripts(HELD, "n0nce");
    expect(started()).toHaveLength(0);
    expect(preloads()).toEqual([]);
    paintFrame();
    expect(preloads()).toEqual(["/assets/react-1.js", "/assets/home-2.js"]);
    expect(started()).toHaveLength(1);
    expect((started()[0] as HTMLScriptElement).nonce).toBe("n0nce");
    expect(started()[0].textContent).toBe("window.started = 1;");
    // The fallback for a page that paints no frame does not start them twice.
    vi.advanceTimersByTime(5000);
    expect(started()).toHaveLength(1);
  });

  it("starts them all the same in a background tab, which paints no frame", () => {
    heldPage();
    startHeldScripts(HELD, "n0nce");
    vi.advanceTimersByTime(1999);
    expect(started()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(started()).toHaveLength(1);
  });

  it("is drawn as an inline script carrying the nonce, calling itself with the held names", () => {
    const html = renderToString(<ScriptsAfterPaint nonce="abc" />);
    expect(html).toMatch(/^<script nonce="abc">\(function startHeldScripts/);
    expect(html).toContain(JSON.stringify(HELD));
  });
});
