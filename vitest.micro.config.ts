import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// `npm run bench:micro`: the micro-benchmarks in bench/micro, inside workerd with the real
// Durable Objects from wrangler.toml (conformance agent, as the load bench). They print tables;
// they are not part of `npm test` (speed is never asserted in a test).
export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./src/worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: { bindings: { IACCODE_A2A_RATE_LIMIT: "false", IACCODE_A2A_AGENT: "conformance" } },
    }),
  ],
  test: {
    include: ["bench/micro/**/*.micro.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // Only the tables (the Worker's request and turn log lines would bury them).
    onConsoleLog: (log) => (log.includes("µs per call") || log.includes("counted per request") ? undefined : false),
  },
});
