import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The build this process runs, as error reports and traces name it: SENTRY_RELEASE when the deploy says it, else the
 * git commit of the checkout (read from .git, no git needed), else the package's version.
 */
export function releaseOf(root: string, given: string | null | undefined): string {
  if (given) return given;
  try {
    const git = path.join(root, ".git");
    const head = readFileSync(path.join(git, "HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    try {
      return readFileSync(path.join(git, ref), "utf8").trim();
    } catch {
      const packed = readFileSync(path.join(git, "packed-refs"), "utf8");
      const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
      if (line) return line.split(" ")[0];
    }
  } catch {
    // Not a checkout (an image built without .git): the version below.
  }
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  return `yishe@${pkg.version}`;
}
