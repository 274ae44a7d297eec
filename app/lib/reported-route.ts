import { useEffect } from "react";
import { useMatches } from "react-router";
import { reportRoute } from "./error-reports.client.ts";

/** Keeps the route the reader is on for the browser's error reports (its id in the route table, not the address). */
export function useReportedRoute() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.id ?? "";
  useEffect(() => reportRoute(leaf), [leaf]);
}
