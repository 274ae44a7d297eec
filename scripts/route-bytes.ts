/**
 * What a first visit to each page downloads besides its HTML: the JavaScript a document of that route loads (the entry,
 * the route manifest, and the modules of every route it matches, with their imports) and its stylesheets, gzipped, as
 * the production build (build/) holds them. Bytes are deterministic where timings are not: CI holds each page type to
 * a budget (scripts/byte-budgets.test.ts), and `node scripts/route-bytes.ts` prints the table.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

type Built = typeof import("../server/app.ts");

export type RouteBytes = { route: string; js: number; css: number; files: number };

/** The page types a visitor arrives at, by route id (app/routes.ts). */
export const pageTypes: Record<string, string> = {
  home: "routes/home",
  work: "routes/art",
  listing: "routes/lists/arts",
  node: "routes/arts/node",
  search: "routes/search",
  profile: "routes/user/works",
  signin: "routes/user/signin",
};

export async function loadBuild(root = process.cwd()): Promise<ServerBuild> {
  const built = (await import(path.join(root, "build/server/index.js"))) as Built;
  return built.pages();
}

export function routeBytes(build: ServerBuild, routeId: string, root = process.cwd()): RouteBytes {
  const client = path.join(root, "build", "client");
  const gz = new Map<string, number>();
  const size = (url: string) => {
    let n = gz.get(url);
    if (n === undefined) gz.set(url, (n = gzipSync(readFileSync(path.join(client, url)), { level: 9 }).length));
    return n;
  };
  const { assets } = build;
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = assets.routes[id]?.parentId) chain.unshift(id);
  if (!assets.routes[routeId]) throw new Error(`no route ${routeId}`);
  const js = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  const css = new Set<string>(stylesheetsOfRoot(client));
  for (const id of chain) {
    const r = assets.routes[id]!;
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  const sum = (urls: Set<string>) => [...urls].reduce((n, u) => n + size(u), 0);
  return { route: routeId, js: sum(js), css: sum(css), files: js.size + css.size };
}

/** The site's own stylesheet (app/app.css), which the root links on every page. */
function stylesheetsOfRoot(client: string): string[] {
  return readdirSync(path.join(client, "assets"))
    .filter((f) => /^app-[\w-]+\.css$/.test(f))
    .map((f) => `/assets/${f}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const build = await loadBuild();
  const kb = (n: number) => (n / 1024).toFixed(1);
  process.stdout.write("| page | route | JS (gzip KB) | CSS (gzip KB) | files |\n|---|---|--:|--:|--:|\n");
  for (const [page, id] of Object.entries(pageTypes)) {
    const b = routeBytes(build, id);
    process.stdout.write(`| ${page} | \`${id}\` | ${kb(b.js)} | ${kb(b.css)} | ${b.files} |\n`);
  }
}
