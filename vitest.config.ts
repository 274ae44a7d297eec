import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin (docs/toolchain.md): components are tested as plain React.
export default defineConfig({
  test: {
    include: [
      "api/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/site/**/*.test.ts",
      "contract/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: "forks",
    globalSetup: ["scripts/test-setup.ts"],
  },
});
