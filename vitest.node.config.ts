import { defineConfig } from "vitest/config";

// Tests that need Node rather than workerd: checks of the repository itself (the design's import
// rules, every regular expression in src/ through a ReDoS analyser) and the pure parsers of
// src/iac, src/agent and src/a2a on inputs at the contract's limits.
export default defineConfig({
  test: {
    include: ["test/node/**/*.test.ts"],
    environment: "node",
    silent: "passed-only",
    // The analyser takes about 0.2 s a pattern on this machine (about 400 patterns).
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
