import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers (docs/decisions/0016-where-things-go.md), bottom to top: domain -> schemas -> db ->
// utils -> services -> models -> jobs -> components -> routes -> server. A module imports from its
// own layer and the ones below it; tests may reach anywhere.
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const layer = (target, forbidden, message) => ({
  target,
  from: forbidden,
  message,
});
const BOUNDARIES = [
  layer(
    "./app/domain",
    [
      "./app/schemas",
      "./app/db",
      "./app/utils",
      "./app/services",
      "./app/models",
      "./app/jobs",
      "./app/components",
      "./app/routes",
    ],
    "domain/ is pure: it imports nothing of the app but domain/.",
  ),
  layer(
    "./app/schemas",
    ["./app/db", "./app/utils", "./app/services", "./app/models", "./app/jobs", "./app/components", "./app/routes"],
    "schemas/ build on domain/ only.",
  ),
  layer(
    "./app/db",
    ["./app/utils", "./app/services", "./app/models", "./app/jobs", "./app/components", "./app/routes"],
    "db/ is tables, the client and the seed data: no models, jobs or app code.",
  ),
  layer(
    "./app/utils",
    ["./app/services", "./app/models", "./app/jobs", "./app/components", "./app/routes"],
    "utils/ holds cross-cutting helpers with no business rules: no models, jobs, services or screens.",
  ),
  layer(
    "./app/services",
    ["./app/models", "./app/jobs", "./app/components", "./app/routes"],
    "A service client speaks to its service: it does not read our models.",
  ),
  layer("./app/models", ["./app/jobs", "./app/components", "./app/routes"], "Models do not import jobs or screens."),
  layer("./app/jobs", ["./app/components", "./app/routes"], "Jobs do not import screens."),
  layer("./app/components", ["./app/routes"], "Components do not import routes."),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "drizzle/meta/",
      "bench/.work/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Layers that hold themselves: no import runs up a layer, and no import circle anywhere.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: TESTS,
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: BOUNDARIES }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Named exception: the better-auth configuration queues the password-reset and welcome
    // e-mails from inside better-auth's own hooks, so it writes to the outbox model.
    files: ["app/utils/auth.server.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: BOUNDARIES.flatMap((zone) =>
            zone.target === "./app/utils"
              ? [
                  { ...zone, from: zone.from.filter((from) => from !== "./app/models") },
                  { ...zone, from: "./app/models", except: ["./outbox.server.ts"] },
                ]
              : [zone],
          ),
        },
      ],
    },
  },
  {
    // Components run in the browser too: a server module may give them types, never code.
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["*.server", "~/models/*", "~/jobs/*", "~/services/*", "~/db/*"],
              allowTypeImports: true,
              message: "A component takes server data from its route's loader; import only types from server modules.",
            },
          ],
        },
      ],
    },
  },
);
