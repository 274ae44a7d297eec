import { useEffect } from "react";

/**
 * A work opened by a client-side navigation was not counted by its loader (that request may as well be a
 * revalidation); the page counts it once when it arrives, in the background.
 */
export function useViewCount(artId: number, countedByServer: boolean) {
  useEffect(() => {
    if (countedByServer) return;
    fetch(`/art/${artId}/view`, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per work arrived at, not per revalidation
  }, [artId]);
}
