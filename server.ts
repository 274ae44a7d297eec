/**
 * Starts 艺社. `node server.ts` runs the build (build/server/index.js: server/app.ts bundled with the pages by
 * `react-router build`); `node server.ts --dev` runs server/main.ts from source with the pages through Vite.
 */
import path from "node:path";

type Built = typeof import("./server/app.ts");

export async function main(): Promise<void> {
  const root = import.meta.dirname;
  if (process.argv.includes("--dev")) return (await import("./server/main.ts")).main({ root });
  const built = (await import(path.join(root, "build", "server", "index.js"))) as Built;
  return built.main({ root });
}

if (import.meta.main) await main();
