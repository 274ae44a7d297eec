import { useEffect } from "react";
import { useLocation } from "react-router";

// The history entries already counted: a page that mounts again within one visit (React Router re-renders the
// matches when it learns new routes from a link on the page) must not count twice.
const counted = new Set<string>();

/**
 * A work opened by a client-side navigation was not counted by its loader (that request may as well be a
 * revalidation); the page counts it once when it arrives, in the background.
 */
export function useViewCount(artId: number, countedByServer: boolean) {
  const { key } = useLocation();
  useEffect(() => {
    const visit = `${key}:${artId}`;
    if (countedByServer || counted.has(visit)) return;
    counted.add(visit);
    fetch(`/art/${artId}/view`, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per work arrived at, not per revalidation
  }, [artId, key]);
}
