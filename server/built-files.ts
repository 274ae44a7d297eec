import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { homeScreenIcons } from "./icons.ts";
import { STATIC_FILES, type SiteEnv } from "./security.ts";

/** The build's files: hashed assets kept a year, the service worker never, the icons and the root's files a day. */
export function builtFiles(site: Hono<SiteEnv>, clientDir: string) {
  site.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // A missing file is a 404, not the home page the catch-all route would render.
  site.all("/assets/*", (c) => c.text("Not Found", 404));
  site.get(
    "/sw.js",
    serveStatic({ path: path.join(clientDir, "sw.js"), onFound: (_p, c) => c.header("Cache-Control", "no-cache") }),
  );
  site.get("/icons/:file", homeScreenIcons(path.join(clientDir, "favicon.svg")));
  for (const file of STATIC_FILES) {
    site.get(
      file,
      serveStatic({
        path: path.join(clientDir, file),
        onFound: (_p, c) => c.header("Cache-Control", "public, max-age=86400"),
      }),
    );
  }
}
