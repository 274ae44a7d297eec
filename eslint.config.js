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
          message: "Read the environment only in api/config/env.ts.",
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
            {
              group: ["**/server/**", "**/server.ts"],
              message: "The web is handed what it needs of the process through its context (app/lib/context.ts).",
            },
          ],
        },
      ],
    },
  },
  // The process takes the web's modules from the build (app/entry.server.tsx exports them), so each exists once;
  // a type costs nothing at run time and may be imported.
  // The API has one front door for the process and the owner's scripts (api/index.ts): nothing of its inside is
  // reached from server/ or scripts/. The instruments (benches, load, the big seed) may use the test kit too.
  {
    files: ["server.ts", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**"],
              allowTypeImports: true,
              message:
                "Take the web's modules from the build (app/entry.server.tsx); share knowledge through contract/.",
            },
            {
              regex: "(^|/)api/(?!index\\.ts$)",
              message: "server/ reaches the API only through its front door, api/index.ts (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)api/(?!index\\.ts$|test/)",
              message: "scripts/ reach the API only through its front door, api/index.ts, or the test kit (api/test/).",
            },
          ],
        },
      ],
    },
  },
  // Inside the API the layers go one way (docs/architecture.md): routes → services → db → lib, with contract/
  // beside all of them; config/ and the seed sit on top. ESLint applies the last matching block's rule, so each
  // layer's block repeats the web ban.
  ...[
    ["api/**/*.ts", []],
    ["api/routes/**/*.ts", [["**/db/**", "A route parses, calls a service and wraps its answer: no SQL here."]]],
    [
      "api/services/**/*.ts",
      [
        ["hono", "Services know nothing of HTTP: a route hands them plain values."],
        ["hono/*", "Services know nothing of HTTP: a route hands them plain values."],
        ["**/routes/**", "Services sit below the routes."],
      ],
    ],
    [
      "api/db/**/*.ts",
      [
        ["**/services/**", "The data layer sits below the services."],
        ["**/routes/**", "The data layer sits below the routes."],
        ["**/seed/**", "The seed sits above the data layer."],
      ],
    ],
    [
      "api/lib/**/*.ts",
      [
        ["**/db/**", "lib/ holds helpers with no knowledge of the database: SQL lives in db/queries."],
        ["**/services/**", "lib/ sits below the services."],
        ["**/routes/**", "lib/ sits below the routes."],
        ["**/config/**", "lib/ is handed its settings; it does not read them."],
      ],
    ],
  ].map(([files, bans]) => ({
    files: [files],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/app/**"], message: "The API never imports the web; share through contract/." },
            ...bans.map(([group, message]) => ({ group: [group], message })),
          ],
        },
      ],
    },
  })),
  // A service lives in its domain's folder (docs/architecture.md): only the few every domain shares sit at the root.
  {
    files: ["api/services/*.ts"],
    ignores: [
      "api/services/deps.ts",
      "api/services/transaction.ts",
      "api/services/paging.ts",
      "api/services/config.ts",
      "api/services/scores.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program",
          message:
            "A service lives in its domain's folder, api/services/<domain>/ (works, browse, people, signin, moderation, search, ai, inbox, admin).",
        },
      ],
    },
  },
  // A migration is frozen as it ran: it imports no application code, only libraries and the database's types.
  {
    files: ["api/db/migrations/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\.?/(?!index\\.ts$|schema\\.ts$)",
              message: "A migration never imports application code: freeze what it needs in it.",
            },
          ],
        },
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
  // The contract by domain: a domain's endpoints, views, schemas and rules in contract/<domain>/, what every domain
  // uses in contract/shared/, and only the table of all endpoints at the top.
  {
    files: ["contract/*.ts"],
    ignores: ["contract/endpoints.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program",
          message:
            "The contract lives in folders: contract/<domain>/ (endpoints.ts, views.ts, schemas.ts and the domain's rules), or contract/shared/ for what every domain uses.",
        },
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
          message: "Read the environment only in api/config/env.ts.",
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
    files: ["api/config/env.ts", "scripts/**", "playwright.config.ts", "tests/**", "api/test/**", "**/*.test.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  // Runs inside a NodeBB install, which is CommonJS and loads its own modules by path.
  {
    files: ["scripts/nodebb/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Formatting is Prettier's (npm run format); ESLint keeps to what it finds wrong.
  prettier,
);
