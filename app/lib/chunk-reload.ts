import { useEffect } from "react";
import { sitePath } from "../../contract/shared/return-path.ts";

/**
 * requirements §4, §9: when a part of the page's script fails to load (a deploy replaced it, the network dropped it), the
 * page reloads the address the person was going to, at most once a minute.
 *
 * React Router, failing to load a route's module during a navigation, reloads the page it is on (the one being
 * left) and gives no way to say otherwise. So each navigation notes where it goes until it arrives (told by the
 * router it is on, `window.__reactRouterDataRouter`, the moment it starts); a page that
 * starts as a reload with such a note from a moment ago goes on there. A lazy part failing inside a page (the
 * editor, the picture viewer) reaches the error page, which reloads the same way.
 */
const GOING = "yishe:going-to";
const RELOADED = "yishe:chunk-reload-at";
export const CHUNK_RELOAD_EVERY_MS = 60_000;
/** A note older than this is from a navigation that was left behind, not the one that failed. */
const NOTE_FRESH_MS = 15_000;

const storage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Whether an error is a script part that could not be loaded, in the words of Chromium, Firefox and Safari. */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

/** Loads `href` afresh unless that was done less than a minute ago; true when it does. */
export function reloadTo(href: string, now = Date.now()): boolean {
  const s = storage();
  const last = Number(s?.getItem(RELOADED) ?? 0);
  if (now - last < CHUNK_RELOAD_EVERY_MS) return false;
  s?.setItem(RELOADED, String(now));
  window.location.replace(href);
  return true;
}

type Router = {
  subscribe(
    fn: (state: {
      navigation: { state: string; location?: { pathname: string; search: string; hash: string } };
    }) => void,
  ): () => void;
};

/** In the root: notes where each navigation goes, and finishes a navigation that a failed script part reloaded. */
export function useChunkReload() {
  // First the page's start: a note left by the page that reloaded.
  useEffect(() => {
    const s = storage();
    const note = s?.getItem(GOING);
    if (!s || !note) return;
    s.removeItem(GOING);
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    let went: { href?: unknown; at?: unknown } = {};
    try {
      went = JSON.parse(note);
    } catch {
      return;
    }
    const href = typeof went.href === "string" ? sitePath(went.href) : null;
    const here = window.location.pathname + window.location.search + window.location.hash;
    const fresh = Date.now() - Number(went.at) < NOTE_FRESH_MS;
    if (entry?.type === "reload" && fresh && href && href !== here) reloadTo(href);
  }, []);
  // The note is written the moment a navigation starts, from the router itself: a module that fails at once (its
  // preload already failed) reloads the page before React would get to run an effect for the new state.
  useEffect(() => {
    const router = (window as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;
    const s = storage();
    if (!router || !s) return;
    return router.subscribe(({ navigation }) => {
      const to = navigation.location;
      if (navigation.state !== "idle" && to)
        s.setItem(GOING, JSON.stringify({ href: to.pathname + to.search + to.hash, at: Date.now() }));
      else s.removeItem(GOING);
    });
  }, []);
}
