import { defineConfig } from "vitest/config";

// Node-side checks of the repository itself (no Worker, no server): the design's import rules.
export default defineConfig({
  test: {
    include: ["test/node/**/*.test.ts"],
    environment: "node",
    silent: "passed-only",
  },
});
