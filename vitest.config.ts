import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests inside workerd: the real Worker, Durable Objects, R2 and Queues from wrangler.toml.
// Two projects: the default configuration, and one with push notifications on (a local receiver
// started by the project's global setup stands in for a webhook).
const worker = (name: string, bindings: Record<string, string>) =>
  cloudflareTest({
    main: "./src/worker/index.ts",
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: { bindings },
  });

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        plugins: [worker("worker", {})],
        test: { name: "worker", include: ["test/worker/**/*.test.ts"], exclude: ["test/worker/push-delivery/**", "test/worker/push-strict/**"] },
      },
      {
        plugins: [worker("push-strict", { IACCODE_A2A_PUSH_NOTIFICATIONS: "true" })],
        test: { name: "push-strict", include: ["test/worker/push-strict/**/*.test.ts"] },
      },
      {
        plugins: [
          worker("push", {
            IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
            // The receiver listens on 127.0.0.1; production keeps this false.
            IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
            IACCODE_A2A_PUSH_MAX_CONFIGS_PER_TASK: "3",
            IACCODE_A2A_PUSH_KEYRING: "k2:AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=,k1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
          }),
        ],
        test: {
          name: "push",
          include: ["test/worker/push-delivery/**/*.test.ts"],
          globalSetup: ["test/worker/push-delivery/receiver.global.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
