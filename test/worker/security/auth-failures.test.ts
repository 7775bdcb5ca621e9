/**
 * Failed authentication is limited (issue 23 item 3): 1,800 wrong Bearer and Basic attempts used
 * to get 1,800 × 401. Now every 401 counts against the client address (`CF-Connecting-IP`) and,
 * for Basic, against the user it names; past the budget (the security project gives
 * RATE_LIMIT_AUTH_FAILURES 5 per 60 s) the answer is 429 with Retry-After, even for right
 * credentials, while other addresses and principals are served.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../src/worker/index";
import { BASE, V1 } from "../helpers/rpc";
import { expect429, sentBefore429 } from "../helpers/rate-limited";

const FAILURE_LIMIT = 5;
const listTasks = { jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} };

function fetcher(overrides: Record<string, string> = {}) {
  const e = {
    ...env,
    IACCODE_A2A_RATE_LIMIT: "true",
    IACCODE_A2A_BASIC_USERNAME: "ops",
    IACCODE_A2A_BASIC_PASSWORD: "right-password",
    ...overrides,
  } as unknown as Env;
  return async (address: string, authorization?: string): Promise<Response> =>
    worker.fetch(
      new Request(`${BASE}/`, {
        method: "POST",
        headers: { ...V1, "CF-Connecting-IP": address, ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify(listTasks),
      }),
      e,
      createExecutionContext(),
    );
}

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

describe("failed authentication is limited (issue 23 item 3)", () => {
  it("per client address: wrong Bearer tokens end in 429, then even the right token is refused there; other addresses are served", async () => {
    const call = fetcher();
    const { passed: failures, refused } = await sentBefore429((i) => call("198.51.100.30", `Bearer wrong-token-${i}`), FAILURE_LIMIT, 401);
    expect(failures).toBeGreaterThanOrEqual(FAILURE_LIMIT);
    await expect429(refused);
    await expect429(await call("198.51.100.30", "Bearer static-token-0001"));
    expect((await call("198.51.100.31", "Bearer static-token-0001")).status).toBe(200);
  });

  it("per attempted principal: wrong Basic passwords for one user from many addresses end in 429 for that user only", async () => {
    const call = fetcher();
    const { passed: failures, refused } = await sentBefore429((i) => call(`203.0.113.${100 + i}`, basic("ops", `guess-${i}`)), FAILURE_LIMIT, 401);
    expect(failures).toBeGreaterThanOrEqual(FAILURE_LIMIT);
    await expect429(refused);
    // A fresh address with the right password for that user: still refused, before the check.
    await expect429(await call("203.0.113.200", basic("ops", "right-password")));
    // The static token from another fresh address is another principal: served.
    expect((await call("203.0.113.201", "Bearer static-token-0001")).status).toBe(200);
  });

  it("a request never gets 401 past the budget: wrong Basic and Bearer mixed from one address", async () => {
    const call = fetcher();
    const { refused } = await sentBefore429((i) => call("198.51.100.40", i % 2 ? basic(`user-${i}`, "x") : `Bearer wrong-${i}`), FAILURE_LIMIT, 401);
    await expect429(refused);
    for (let i = 0; i < 5; i++) await expect429(await call("198.51.100.40", `Bearer again-${i}`));
  });

  it("IACCODE_A2A_RATE_LIMIT=false turns it off with the other limits", async () => {
    const call = fetcher({ IACCODE_A2A_RATE_LIMIT: "false" });
    for (let i = 0; i < 3 * FAILURE_LIMIT; i++) expect((await call("198.51.100.50", `Bearer wrong-${i}`)).status).toBe(401);
    expect((await call("198.51.100.50", "Bearer static-token-0001")).status).toBe(200);
  });
});
