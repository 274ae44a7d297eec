import { useEffect, useMemo, useRef } from "react";
import { useBeforeUnload, useBlocker } from "react-router";

export const LEAVE_QUESTION = "作品还没有保存，确定要离开吗？";

/**
 * While `unsaved` holds, leaving the page asks first: a link or the back button inside the site (React Router's
 * blocker), and a reload, a closed tab or an address typed (the browser's own question on beforeunload). The form's
 * own post is let through: call the returned `sending()` from its submit handler.
 */
export function useLeaveGuard(unsaved: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !leaving.current &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload((event) => {
    if (!unsaved || leaving.current) return;
    event.preventDefault();
    event.returnValue = "";
  });
  // The same two functions on every render, so an effect may name them without running again.
  return useMemo(
    () => ({
      sending: () => {
        leaving.current = true;
      },
      /** A refused post leaves the form unsaved again. */
      back: () => {
        leaving.current = false;
      },
    }),
    [],
  );
}
