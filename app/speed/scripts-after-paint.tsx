import { useEffect } from "react";

/**
 * The rel and type the server gives a page's scripts to hold them (./scripts-after-paint.server.ts), and the loader
 * that starts them once the page has painted.
 */
export const HELD = { preload: "x-modulepreload", module: "x-module" } as const;

/**
 * Runs in the page as written: when the first frame is drawn (its stylesheet loaded, its lead picture asked for), it
 * preloads the held modules and runs React Router's module script with the page's nonce, so that they download
 * while the frame paints. A page in a background tab draws no frame; it starts them after a while all the same.
 */
export function startHeldScripts(held: typeof HELD, nonce: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    document.querySelectorAll(`link[rel="${held.preload}"]`).forEach((kept) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = kept.getAttribute("href") ?? "";
      document.head.appendChild(link);
    });
    document.querySelectorAll(`script[type="${held.module}"]`).forEach((kept) => {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = kept.textContent;
      document.body.appendChild(script);
    });
  };
  requestAnimationFrame(start);
  setTimeout(start, 2000);
}

const loader = `(${startHeldScripts.toString()})(${JSON.stringify(HELD)},document.currentScript.nonce)`;

/** Set on `<html>` once the page has hydrated: from then on a click is React's, not the plain link's or form's. */
export const HYDRATED = "hydrated";

/** Drawn after `<Scripts>`, so that everything it starts is in the document when it runs. */
export function ScriptsAfterPaint({ nonce }: { nonce?: string }) {
  useEffect(() => {
    document.documentElement.dataset[HYDRATED] = "";
  }, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />;
}
