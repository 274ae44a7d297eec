import { useEffect, useState } from "react";

/**
 * False in the server's HTML and the first browser render, true once React runs. Forms use it to post differently
 * with JavaScript (a `js` marker, no file fields) than without.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
