import { defineConfig } from "vitest/config";

// End-to-end tests in Node: they start `wrangler dev` and drive it over HTTP.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    silent: "passed-only",
  },
});
