import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // server.ts owns the API and the database; the SSR bundle must not pull them in.
  ssr: { external: ["better-sqlite3", "pg", "sharp", "@node-rs/argon2"] },
});
