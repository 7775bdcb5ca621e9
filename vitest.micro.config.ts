import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// `npm run bench:micro`: the micro-benchmarks in bench/micro, inside workerd with the real
// Durable Objects from wrangler.toml (conformance agent, as the load bench). They print tables;
// they are not part of `npm test` (speed is never asserted in a test).
const worker = (bindings: Record<string, string>) =>
  cloudflareTest({
    main: "./src/worker/index.ts",
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: { bindings: { IACCODE_A2A_RATE_LIMIT: "false", IACCODE_A2A_AGENT: "conformance", ...bindings } },
  });

export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // Only the tables (the Worker's request and turn log lines would bury them).
    onConsoleLog: (log) => (log.includes("µs per call") || log.includes("counted per request") ? undefined : false),
    projects: [
      {
        // Push off, as the load bench runs.
        extends: true,
        plugins: [worker({})],
        test: { name: "micro", include: ["bench/micro/**/*.micro.ts"], exclude: ["bench/micro/push/**"] },
      },
      {
        // Push on, with the push tests' real local receiver (vitest.config.ts, project `push`): what a
        // push config and a delivery cost (bench/micro/push).
        extends: true,
        plugins: [
          worker({
            IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
            // The receiver listens on 127.0.0.1; production keeps this false.
            IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
            IACCODE_A2A_PUSH_KEYRING: "k1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
          }),
        ],
        test: {
          name: "micro-push",
          include: ["bench/micro/push/**/*.micro.ts"],
          globalSetup: ["test/worker/push-delivery/receiver.global.ts"],
        },
      },
    ],
  },
});
