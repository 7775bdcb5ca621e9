import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";

// Tests inside workerd: the real Worker, Durable Objects, R2 and Queues from wrangler.toml.
// One project per configuration under test. Where an external party is needed (a webhook
// receiver, a model provider, the ROS API), the project's global setup starts a real local HTTP
// server for it.
// Rate limiting is off in every project (the suites' request volume is no caller's), except where a
// test turns it on to prove it; the security project gives the bindings small limits for that.
type Ratelimits = Record<string, { simple: { limit: number; period: 10 | 60 } }>;
const worker = (_name: string, bindings: Record<string, string>, ratelimits?: Ratelimits) =>
  cloudflareTest({
    main: "./src/worker/index.ts",
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: { bindings: { IACCODE_A2A_RATE_LIMIT: "false", ...bindings }, ...(ratelimits ? { ratelimits } : {}) },
  });

/**
 * The agent-with-a-model project needs the fake model server's URL in the Worker's bindings, which
 * are fixed before any setup runs: pick free loopback ports now and hand them to the global setups.
 * All three are held open at once before any is released, so they are three different ports (one
 * after another, the system may hand the same just-closed port out twice: EADDRINUSE in CI).
 */
function freeLoopbackPorts(count: number): number[] {
  const script = `const net=require('net');const held=[];let open=0;for(let i=0;i<${count};i++){const s=net.createServer();held.push(s);s.listen(0,'127.0.0.1',()=>{if(++open===${count}){console.log(held.map((h)=>h.address().port).join(' '));held.forEach((h)=>h.close())}})}`;
  return execFileSync(process.execPath, ["-e", script]).toString().trim().split(" ").map(Number);
}
const [modelPort, jwksPort, dohPort] = freeLoopbackPorts(3);
process.env.IACCODE_TEST_MODEL_PORT ??= String(modelPort);
const modelBase = `http://127.0.0.1:${process.env.IACCODE_TEST_MODEL_PORT}`;
process.env.IACCODE_TEST_JWKS_PORT ??= String(jwksPort);
process.env.IACCODE_TEST_DOH_PORT ??= String(dohPort);
const jwksBase = `http://127.0.0.1:${process.env.IACCODE_TEST_JWKS_PORT}`;

/**
 * The WebSocket rules project's JWT key: the Durable Objects read the project's bindings (a test
 * cannot override them), so the public key goes inline in IACCODE_A2A_JWT_JWKS and the private half,
 * for the tests to sign with, in a test-only binding.
 */
const wsKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
const wsPublicJwk = { ...wsKeys.publicKey.export({ format: "jwk" }), kid: "ws-1", alg: "ES256", use: "sig" };
const wsPrivateJwk = { ...wsKeys.privateKey.export({ format: "jwk" }), kid: "ws-1", alg: "ES256" };
const dohBase = `http://127.0.0.1:${process.env.IACCODE_TEST_DOH_PORT}`;

/**
 * Two owners on one server, push on (issue 30): the static bearer token and the API key are two
 * principals (test/worker/owner-limits/owners.ts), each with counters and objects of its own.
 */
const TWO_OWNERS = {
  IACCODE_A2A_AGENT: "conformance",
  IACCODE_A2A_HTTP_TOKEN: "owner-a-token-0001",
  IACCODE_A2A_API_KEY: "owner-b-key-0001",
  IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
  IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
  IACCODE_A2A_PUSH_KEYRING: "k1:BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ=",
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Every request and turn writes a log line: show them only for a test that fails.
    silent: "passed-only",
    projects: [
      {
        extends: true,
        plugins: [worker("worker", { IACCODE_A2A_AGENT: "conformance" })],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          exclude: [
            "test/worker/index-migration/**",
            "test/worker/push-delivery/**",
            "test/worker/push-strict/**",
            "test/worker/owner-limits/**",
            "test/worker/quotas/**",
            "test/worker/aliyun/**",
            "test/worker/providers/**",
            "test/worker/iac-agent/**",
            "test/worker/agent-model/**",
            "test/worker/security/**",
            "test/worker/websocket-rules/**",
          ],
        },
      },
      {
        // The product's default agent: the IaC agent on the offline engine.
        plugins: [worker("iac-agent", {})],
        test: { name: "iac-agent", include: ["test/worker/iac-agent/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 },
      },
      {
        // A change of the index shard count on a running deployment (1 → 3).
        extends: true,
        plugins: [worker("index-migration", { IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_INDEX_SHARDS: "3", IACCODE_A2A_INDEX_SHARDS_PREVIOUS: "1" })],
        test: { name: "index-migration", include: ["test/worker/index-migration/**/*.test.ts"] },
      },
      {
        extends: true,
        plugins: [
          worker("push-strict", {
            IACCODE_A2A_AGENT: "conformance",
            IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
            // A server reached by a non-loopback host (a2a.test) needs a keyring when push is on.
            IACCODE_A2A_PUSH_KEYRING: "k1:AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwM=",
          }),
        ],
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
        // Two owners on one server (a static bearer token and an API key are two principals), push
        // on, what one owner's receivers do may not touch the other's notifications (issue 30 item 4).
        extends: true,
        plugins: [worker("owner-limits", TWO_OWNERS)],
        test: {
          name: "owner-limits",
          include: ["test/worker/owner-limits/**/*.test.ts"],
          globalSetup: ["test/worker/push-delivery/receiver.global.ts"],
          testTimeout: 90_000,
        },
      },
      {
        // Per-owner quotas set small (issue 30 item 5): two owners, one filled up, the other untouched.
        extends: true,
        plugins: [
          worker("quotas", {
            ...TWO_OWNERS,
            IACCODE_A2A_QUOTA_CONTEXTS: "3",
            IACCODE_A2A_QUOTA_PUSH_CONFIGS: "4",
            IACCODE_A2A_QUOTA_UPLOADS: "3",
            IACCODE_A2A_QUOTA_BYTES: String(6 * 1024 * 1024),
          }),
        ],
        test: {
          name: "quotas",
          include: ["test/worker/quotas/**/*.test.ts"],
          globalSetup: ["test/worker/push-delivery/receiver.global.ts"],
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
      {
        // Model providers against a fake model server (Node) speaking each provider's stream format.
        extends: true,
        plugins: [worker("providers", {})],
        test: {
          name: "providers",
          include: ["test/worker/providers/**/*.test.ts"],
          globalSetup: ["test/worker/providers/model-server.global.ts"],
        },
      },
      {
        // The IaC agent with a model: the real Durable Object turn loop against the fake model server.
        extends: true,
        plugins: [
          worker("agent-model", {
            IACCODE_A2A_MODEL_PROVIDER: "openai-compatible",
            IACCODE_A2A_OPENAI_BASE_URL: `${modelBase}/openai/v1`,
            IACCODE_A2A_OPENAI_API_KEY: "sk-test-agent-key-0001",
            IACCODE_A2A_THINKING_EXPOSURE: "all",
            // Push to a real local receiver: a model turn's request check reaches it (issue 27 item 8).
            IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
            IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
            IACCODE_A2A_PUSH_KEYRING: "k1:BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ=",
          }),
        ],
        test: {
          name: "agent-model",
          include: ["test/worker/agent-model/**/*.test.ts"],
          globalSetup: ["test/worker/agent-model/model-server.global.ts", "test/worker/push-delivery/receiver.global.ts"],
        },
      },
      {
        // WebSockets under the same rules as HTTP (issue 23 item 2): rate limits on, a small socket
        // cap, JWT callers with an inline key set.
        extends: true,
        plugins: [
          worker(
            "websocket-rules",
            {
              IACCODE_A2A_AGENT: "conformance",
              IACCODE_A2A_RATE_LIMIT: "true",
              IACCODE_A2A_JWT_ISSUER: "https://idp.test/",
              IACCODE_A2A_JWT_AUDIENCE: "iac-code-a2a",
              IACCODE_A2A_JWT_JWKS: JSON.stringify({ keys: [wsPublicJwk] }),
              IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER: "2",
              IACCODE_TEST_JWT_PRIVATE_JWK: JSON.stringify(wsPrivateJwk),
            },
            { RATE_LIMIT_API: { simple: { limit: 8, period: 60 } } },
          ),
        ],
        test: { name: "websocket-rules", include: ["test/worker/websocket-rules/**/*.test.ts"] },
      },
      {
        // Identity and hardening: JWT callers against a local JWKS host, push callbacks checked by
        // name through a local DNS-over-HTTPS resolver, beside a static bearer token.
        extends: true,
        plugins: [
          worker(
            "security",
            {
              IACCODE_A2A_AGENT: "conformance",
              IACCODE_A2A_HTTP_TOKEN: "static-token-0001",
              IACCODE_A2A_JWT_ISSUER: "https://idp.test/",
              IACCODE_A2A_JWT_AUDIENCE: "iac-code-a2a",
              IACCODE_A2A_JWT_JWKS_URL: `${jwksBase}/jwks.json`,
              IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS: "1",
              IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
              IACCODE_A2A_PUSH_DOH_URL: `${dohBase}/dns-query`,
              IACCODE_A2A_PUSH_KEYRING: "k1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
            },
            {
              RATE_LIMIT_API: { simple: { limit: 8, period: 60 } },
              RATE_LIMIT_PUBLIC: { simple: { limit: 12, period: 60 } },
              RATE_LIMIT_AUTH_FAILURES: { simple: { limit: 5, period: 60 } },
            },
          ),
        ],
        test: {
          name: "security",
          include: ["test/worker/security/**/*.test.ts"],
          globalSetup: ["test/worker/security/servers.global.ts"],
        },
      },
    ],
  },
});
