import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "data/"] },
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read the environment only in api/lib/env.ts.",
        },
      ],
    },
  },
  // The web and the API meet only at contract/ (docs/architecture.md): neither imports the other, and the contract
  // imports neither. Tests may reach across to build what they test against.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api/**", "!**/api.server*"],
              message: "The web reaches the API only through contract/ and app/lib/api.server.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/**"], message: "The API never imports the web; share through contract/." }] },
      ],
    },
  },
  {
    files: ["contract/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/api/**", "**/app/**"], message: "contract/ imports neither side." }] },
      ],
    },
  },
  // A zod schema costs tens of µs to build and a fraction of one to use: routes build theirs once, at load.
  {
    files: ["api/routes/**/*.ts", "api/lib/validate.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read the environment only in api/lib/env.ts.",
        },
        {
          selector:
            ":function CallExpression[callee.object.name='z'], :function CallExpression[callee.name=/^(id|optionalId|text|optionalText|secret)$/]",
          message: "Build a schema once, beside the routes, not in a handler.",
        },
      ],
    },
  },
  {
    files: ["api/lib/env.ts", "scripts/**", "playwright.config.ts", "tests/**", "api/test/**", "**/*.test.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  // Formatting is Prettier's (npm run format); ESLint keeps to what it finds wrong.
  prettier,
);
