import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests inside workerd: the real Worker, Durable Objects, R2 and Queues from wrangler.toml.
// One project per configuration under test. Where an external party is needed (a webhook
// receiver, a model provider, the ROS API), the project's global setup starts a real local HTTP
// server for it.
const worker = (_name: string, bindings: Record<string, string>) =>
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
        extends: true,
        plugins: [worker("worker", { IACCODE_A2A_AGENT: "conformance" })],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          exclude: ["test/worker/push-delivery/**", "test/worker/push-strict/**", "test/worker/aliyun/**", "test/worker/providers/**", "test/worker/iac-agent/**"],
        },
      },
      {
        // The product's default agent: the IaC agent on the offline engine.
        plugins: [worker("iac-agent", {})],
        test: { name: "iac-agent", include: ["test/worker/iac-agent/**/*.test.ts"] },
      },
      {
        extends: true,
        plugins: [worker("push-strict", { IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_PUSH_NOTIFICATIONS: "true" })],
        test: { name: "push-strict", include: ["test/worker/push-strict/**/*.test.ts"] },
      },
      {
        extends: true,
        plugins: [
          worker("push", {
            IACCODE_A2A_AGENT: "conformance",
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
      {
        extends: true,
        plugins: [worker("aliyun", {})],
        test: {
          name: "aliyun",
          include: ["test/worker/aliyun/**/*.test.ts"],
          globalSetup: ["test/worker/aliyun/ros-server.global.ts"],
        },
      },
    ],
  },
});
