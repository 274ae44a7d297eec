/**
 * The server build's entry (vite.config.ts): `react-router build` bundles the process with its pages into
 * build/server/ (this module is its index.js), as React Router's custom-server template does, so the API, the server
 * and the pages share one copy of every module. Each part loads when first asked for: a cluster's primary never loads
 * the pages, and a test that needs only the pages loads nothing of the process.
 */
import type { ServerBuild } from "react-router";
import type { Given } from "./main.ts";
import type { createSite as CreateSite } from "./site.ts";

/** The pages: a module React Router's Vite plugin provides while it builds. */
export const pages = (): Promise<ServerBuild> => import("virtual:react-router/server-build");

/** The process (server.ts starts it). */
export const main = async (given: Omit<Given, "pages">) => (await import("./main.ts")).main({ ...given, pages });

/** The site as a fetch handler, from the bundle: the bench measures what production runs. */
export const createSite = async (...args: Parameters<typeof CreateSite>) =>
  (await import("./site.ts")).createSite(...args);
