import { defineConfig } from "vitest/config";

// Tests that need Node rather than workerd: they read the source tree itself (every regular
// expression in src/ through a ReDoS analyser) or run the pure parsers of src/iac, src/agent and
// src/a2a on inputs at the contract's limits, where Node's own clock and TypeScript's parser help.
export default defineConfig({
  test: {
    include: ["test/node/**/*.test.ts"],
    environment: "node",
    // The analyser takes about 0.2 s a pattern on this machine (about 400 patterns).
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
