import type { Config } from "@react-router/dev/config";

// The card's remix.config.js: server rendering on, app/ as the app directory.
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
} satisfies Config;
