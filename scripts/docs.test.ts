import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The pages that describe the house as it is: every file, folder and `symbol` in `path` they name must exist, so a
 * recipe never sends a newcomer to a file that moved. The dated records (decisions/, benchmarks-log.md) say what was
 * true when they were written, and are left as they were.
 */
const root = path.resolve(import.meta.dirname, "..");
const current = ["README.md", ...readdirSync(path.join(root, "docs")).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith(".md") && f !== "docs/benchmarks-log.md",
);
const TOP = /^(api|app|contract|server|scripts|tests|docs|deploy|public|\.ci|\.githooks)\//;
/** A name standing for many (`<domain>`, `*`, `00NN`, `…`) is a pattern, not a file. */
const pattern = (p: string) => /[<>*…{}]|00NN|\bNN\b/.test(p);

function named(text: string) {
  const files = new Set<string>();
  const symbols: [symbol: string, file: string][] = [];
  for (const [, inner] of text.matchAll(/`([^`\n]+)`/g)) {
    const p = inner!.replace(/:\d+$/, "");
    if (TOP.test(p) && !pattern(p) && !/\s/.test(p)) files.add(p);
  }
  for (const m of text.matchAll(/`([A-Za-z_$][\w$]*)(?:\(\))?` (?:in|from) `([^`\s]+\.tsx?)`/g))
    if (!pattern(m[2]!)) symbols.push([m[1]!, m[2]!]);
  return { files: [...files], symbols };
}

describe.each(current)("%s", (doc) => {
  const { files, symbols } = named(readFileSync(path.join(root, doc), "utf8"));

  it("names only files and folders that exist", () => {
    expect(files.filter((f) => !existsSync(path.join(root, f)))).toEqual([]);
  });

  it("names each symbol in the file that holds it", () => {
    const missing = symbols.filter(([symbol, file]) => {
      const at = path.join(root, file);
      return !existsSync(at) || !new RegExp(`\\b${symbol.replace(/\$/g, "\\$")}\\b`).test(readFileSync(at, "utf8"));
    });
    expect(missing).toEqual([]);
  });
});

it("reads a path and a symbol where the pages write them", () => {
  const { files, symbols } = named("see `api/app.ts` and `listLikers` in `api/db/queries/people.ts`, not `api/<x>.ts`");
  expect(files).toEqual(["api/app.ts", "api/db/queries/people.ts"]);
  expect(symbols).toEqual([["listLikers", "api/db/queries/people.ts"]]);
});
