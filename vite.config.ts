import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Our own modules, but not the forms' schemas and fields (they bring zod, which only the pages with forms load), nor
 * the admin area's and the AI's pages and components, which only their own pages use. The AI's few rules in
 * contract/ai/ stay in the shared chunk: alone they were one more request for half a kilobyte.
 */
const ours = (id: string) =>
  /[\\/](app|contract)[\\/]/.test(id) && !/[\\/](schemas\.ts|fields\.ts|admin|(?<!contract[\\/])ai[\\/])/.test(id);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Native modules stay outside the bundle, loaded from node_modules.
  ssr: { external: ["better-sqlite3", "pg", "sharp", "@node-rs/argon2"] },
  // The server build's entry is the process itself (server/app.ts), which loads the pages' build.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  build: {
    rolldownOptions: {
      output: {
        // Our small modules that several routes share (a link, a badge, the limits) travel as one chunk: left to
        // themselves they were some thirty files under 2 KB, each a modulepreload every page wrote and the
        // browser fetched.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: "shared", test: ours, maxModuleSize: 3072, minShareCount: 3, priority: 1 },
          ],
        },
      },
    },
  },
});
