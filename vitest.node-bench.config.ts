import { defineConfig } from "vitest/config";

// `npm run bench:offline`: benchmarks of pure code that need a clock that moves while code runs
// (Node's), so they cannot run in workerd with the other micro-benchmarks. Never part of `npm test`.
export default defineConfig({
  test: { include: ["bench/node/**/*.node-bench.ts"], environment: "node", testTimeout: 600_000 },
});
