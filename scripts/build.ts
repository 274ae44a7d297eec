import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "build", "server", "index.js");

function newest(p: string): number {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** True when there is no build or a source it bundles (the pages, the API, the server) is newer than it. */
export function needsBuild(): boolean {
  if (!existsSync(built)) return true;
  const sources = [
    "app",
    "api",
    "server",
    "server.ts",
    "public",
    "contract",
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ]
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

export function buildIfNeeded(): void {
  if (!needsBuild()) return;
  process.stdout.write("构建网页中…\n");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
    // Vite takes React's development build when NODE_ENV says so, and Vitest sets it to "test": a build made for
    // the tests would otherwise be what `npm start` serves next.
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
