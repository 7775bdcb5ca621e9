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
import { EDGE_ORIGIN, edgeRequest } from "../helpers/edge-request";
import { expect429, sentBefore429 } from "../helpers/rate-limited";

const API_LIMIT = 8;
const PUBLIC_LIMIT = 12;

/**
 * Calls as Cloudflare's edge hands them over when `headers` has a `CF-Connecting-IP` (that address
 * is the caller's), else straight to the loopback test host.
 */
function fetcher(overrides: Record<string, string>, edge = true) {
  const e = { ...env, IACCODE_A2A_RATE_LIMIT: "true", ...overrides } as unknown as Env;
  return async (path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> => {
    const init = body === undefined ? { headers } : { method: "POST", headers: { ...V1, ...headers }, body: JSON.stringify(body) };
    const address = headers["CF-Connecting-IP"];
    const request = edge && address !== undefined ? edgeRequest(path, address, init) : new Request(`${BASE}${path}`, init);
    return worker.fetch(request, e, createExecutionContext());
  };
}

/** The trusted-local mode (no auth scheme), served at the edge host as its public URL. */
const TRUSTED_LOCAL = {
  IACCODE_A2A_HTTP_TOKEN: "",
  IACCODE_A2A_JWT_ISSUER: "",
  IACCODE_A2A_JWT_AUDIENCE: "",
  IACCODE_A2A_JWT_JWKS_URL: "",
  IACCODE_A2A_PUBLIC_URL: EDGE_ORIGIN,
};

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
    const call = fetcher(TRUSTED_LOCAL);
    const { passed, refused } = await sentBefore429(() => call("/", { "CF-Connecting-IP": "203.0.113.50" }, listTasks), API_LIMIT);
    expect(passed).toBeGreaterThanOrEqual(API_LIMIT);
    await expect429(refused);
    expect((await call("/", { "CF-Connecting-IP": "203.0.113.51" }, listTasks)).status).toBe(200);
  });

  it("issue 30 item 6: a client-sent CF-Connecting-IP off Cloudflare is ignored: every spoofed address is one caller", async () => {
    const call = fetcher({ ...TRUSTED_LOCAL, IACCODE_A2A_PUBLIC_URL: "" }, false);
    // A local server (loopback host; with request.cf too, as wrangler dev fills it in) counts them as one caller.
    let i = 0;
    const { passed, refused } = await sentBefore429(() => call("/", { "CF-Connecting-IP": `198.18.9.${++i}` }, listTasks), API_LIMIT);
    expect(passed).toBeGreaterThanOrEqual(API_LIMIT);
    await expect429(refused);
    const localWithCf = new Request(`${BASE}/`, {
      method: "POST",
      headers: { ...V1, "CF-Connecting-IP": "198.18.9.250" },
      body: JSON.stringify(listTasks),
      cf: { colo: "DFW" },
    } as RequestInit);
    expect(
      (
        await worker.fetch(
          localWithCf,
          { ...env, IACCODE_A2A_RATE_LIMIT: "true", ...TRUSTED_LOCAL, IACCODE_A2A_PUBLIC_URL: "" } as unknown as Env,
          createExecutionContext(),
        )
      ).status,
    ).toBe(429);
  });

  it("issue 30 item 6: behind a trusted proxy (IACCODE_A2A_TRUSTED_PROXY=true) the header names the caller", async () => {
    const call = fetcher({ ...TRUSTED_LOCAL, IACCODE_A2A_PUBLIC_URL: "", IACCODE_A2A_TRUSTED_PROXY: "true" }, false);
    const { refused } = await sentBefore429(() => call("/", { "CF-Connecting-IP": "198.18.10.1" }, listTasks), API_LIMIT);
    await expect429(refused);
    expect((await call("/", { "CF-Connecting-IP": "198.18.10.2" }, listTasks)).status).toBe(200);
  });

  it("IACCODE_A2A_RATE_LIMIT=false turns both limits off", async () => {
    const call = fetcher({ IACCODE_A2A_RATE_LIMIT: "false" });
    for (let i = 0; i < 3 * PUBLIC_LIMIT; i++) expect((await call("/health", { "CF-Connecting-IP": "198.51.100.9" })).status).toBe(200);
    for (let i = 0; i < 3 * API_LIMIT; i++) expect((await call("/", { Authorization: "Bearer static-token-0001" }, listTasks)).status).toBe(200);
  });
});
