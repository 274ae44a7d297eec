import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./build.ts";

describe("the web build the tests leave behind", () => {
  // The suite's set-up builds the web under Vitest (NODE_ENV=test), and `npm start` serves that build as it is.
  it("is a production build: React's development build is not in the browser's bundle", () => {
    const assets = path.join(root, "build", "client", "assets");
    const entry = readdirSync(assets).find((f) => f.startsWith("entry.client-") && f.endsWith(".js"))!;
    const code = readFileSync(path.join(assets, entry), "utf8");
    expect(code.length).toBeGreaterThan(1000);
    // A message only React's development build carries.
    expect(code).not.toContain("react.dev/link/hydration-mismatch");
  });
});
