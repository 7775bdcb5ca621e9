import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests inside workerd: the real Worker, Durable Objects, R2 and Queues from wrangler.toml.
export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./src/worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
    }),
  ],
  test: {
    include: ["test/worker/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
