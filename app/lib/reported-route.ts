import { useEffect } from "react";
import { useMatches } from "react-router";
import { reportRoute } from "./error-reports.client.ts";

/**
 * Keeps the route the reader is on for the browser's error reports (its id in the route table, not the address).
 * Drawn only when the reports are on (app/root.tsx): without SENTRY_DSN a page does not pay for the matches.
 */
export function ReportedRoute() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.id ?? "";
  useEffect(() => reportRoute(leaf), [leaf]);
  return null;
}
