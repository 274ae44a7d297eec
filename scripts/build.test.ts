import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./build.ts";

describe("the web build the tests leave behind", () => {
  // The suite's set-up builds the web under Vitest (NODE_ENV=test), and `npm start` serves that build as it is.
  it("is a production build: React's development build is in none of the browser's scripts", () => {
    const assets = path.join(root, "build", "client", "assets");
    const scripts = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(assets, f), "utf8"));
    // React DOM is there (in whichever chunk vite.config.ts puts it)…
    expect(scripts.some((code) => code.includes("hydrateRoot"))).toBe(true);
    // …and no script carries a message only React's development build has.
    expect(scripts.filter((code) => code.includes("react.dev/link/hydration-mismatch"))).toHaveLength(0);
  });
});
