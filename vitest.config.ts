import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/temp-dir.ts"],
    environment: "node",
    env: { NODE_ENV: "test" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
