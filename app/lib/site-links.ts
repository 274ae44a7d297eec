import { useEffect } from "react";
import { useNavigate } from "react-router";

type Click = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "target">;

/**
 * Where a click should take the router, or null when the browser should follow it itself: only a plain left click
 * on a same-origin `<a data-discover>` (what `SiteLink` and `<Link>` write) that opens in this tab, is no download,
 * and is not already handled.
 */
export function clientNavigationTarget(event: Click, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.("a[data-discover]") as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload")) return null;
  const frame = anchor.getAttribute("target");
  if (frame && frame !== "_self") return null;
  let url: URL;
  try {
    url = new URL(anchor.getAttribute("href") ?? "", origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Turns clicks on plain site links into client-side navigations. Listens on the window, after React's own handlers
 * (a `<Link>`'s click is already prevented and left alone).
 */
export function useSiteLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = clientNavigationTarget(event, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
}
