import { buildIfNeeded } from "./build.ts";

/** Vitest global set-up: the site tests render real pages, so the web build must be there and current. */
export default function setup() {
  buildIfNeeded();
}
