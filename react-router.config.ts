import type { Config } from "@react-router/dev/config";

// The card's remix.config.js: server rendering on, app/ as the app directory.
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole route table as one long-cached module (58 KB, 4 KB compressed), not the page's part of it written into
  // every page: lazy discovery matched the URL's every ancestor against all 82 routes on each render, and asked the
  // server's /__manifest before navigating to a route not yet seen.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
