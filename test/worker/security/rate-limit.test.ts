/**
 * Rate limits through the Workers Rate Limiting binding, run by workerd (issue 10 item 6): per
 * principal, per client address in the trusted-local mode, the public documents separately; 429
 * with Retry-After and a JSON body; IACCODE_A2A_RATE_LIMIT=false turns it off. The security
 * project gives the bindings small limits (API 8, public 12 per 60 s).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../src/worker/index";
import { BASE, V1 } from "../helpers/rpc";
import { expect429, sentBefore429 } from "../helpers/rate-limited";

const API_LIMIT = 8;
const PUBLIC_LIMIT = 12;

function fetcher(overrides: Record<string, string>) {
  const e = { ...env, IACCODE_A2A_RATE_LIMIT: "true", ...overrides } as unknown as Env;
  return async (path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> =>
    worker.fetch(
      new Request(`${BASE}${path}`, body === undefined ? { headers } : { method: "POST", headers: { ...V1, ...headers }, body: JSON.stringify(body) }),
      e,
      createExecutionContext(),
    );
}

const listTasks = { jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} };

describe("rate limits (issue 10 item 6)", () => {
  it("the API is limited per principal: one principal over its budget leaves another untouched", async () => {
    const call = fetcher({ IACCODE_A2A_API_KEY: "rate-key-1" });
    const { passed, refused } = await sentBefore429(() => call("/", { Authorization: "Bearer static-token-0001" }, listTasks), API_LIMIT);
    expect(passed).toBeGreaterThanOrEqual(API_LIMIT);
    await expect429(refused);
    expect((await call("/", { "X-API-Key": "rate-key-1" }, listTasks)).status).toBe(200);
    // The public documents have their own budget.
    expect((await call("/health")).status).toBe(200);
  });

  it("the public documents are limited per client address, separately from the API", async () => {
    const call = fetcher({});
    let n = 0;
    const alternate = () => call(n++ % 2 ? "/health" : "/.well-known/agent-card.json", { "CF-Connecting-IP": "198.51.100.1" });
    const { passed, refused } = await sentBefore429(alternate, PUBLIC_LIMIT);
    expect(passed).toBeGreaterThanOrEqual(PUBLIC_LIMIT);
    await expect429(refused);
    expect((await call("/health", { "CF-Connecting-IP": "198.51.100.2" })).status).toBe(200);
  });

  it("in the trusted-local mode (no auth scheme) the API is limited per client address", async () => {
    const call = fetcher({ IACCODE_A2A_HTTP_TOKEN: "", IACCODE_A2A_JWT_ISSUER: "", IACCODE_A2A_JWT_AUDIENCE: "", IACCODE_A2A_JWT_JWKS_URL: "" });
    const { passed, refused } = await sentBefore429(() => call("/", { "CF-Connecting-IP": "203.0.113.50" }, listTasks), API_LIMIT);
    expect(passed).toBeGreaterThanOrEqual(API_LIMIT);
    await expect429(refused);
    expect((await call("/", { "CF-Connecting-IP": "203.0.113.51" }, listTasks)).status).toBe(200);
  });

  it("IACCODE_A2A_RATE_LIMIT=false turns both limits off", async () => {
    const call = fetcher({ IACCODE_A2A_RATE_LIMIT: "false" });
    for (let i = 0; i < 3 * PUBLIC_LIMIT; i++) expect((await call("/health", { "CF-Connecting-IP": "198.51.100.9" })).status).toBe(200);
    for (let i = 0; i < 3 * API_LIMIT; i++) expect((await call("/", { Authorization: "Bearer static-token-0001" }, listTasks)).status).toBe(200);
  });
});
