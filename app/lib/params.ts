import { data } from "react-router";

/** A numeric id from a route's path (a work's, a person's), or (thrown) the 404 page saying what is missing. */
export function idParam(param: string | undefined, missing: string): number {
  if (!param || !/^\d{1,15}$/.test(param)) throw data(missing, { status: 404 });
  return Number(param);
}
