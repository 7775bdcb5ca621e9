/**
 * Failed authentication is limited against the attacker, never the victim (issue 23 item 3, issue
 * 30 item 3). Every 401 counts against the client address (an IPv6 one by its /64) and the
 * credential tried; past the budget (the security project gives RATE_LIMIT_AUTH_FAILURES 5 per
 * 60 s) a failure gets 429 with Retry-After. Before issue 30: 21 wrong passwords for carol from
 * rotating addresses kept her right password at 429, 20 wrong tokens from one address locked the
 * right token and API key out of it, and 950 wrong keys from 50 addresses of one /64 got no 429.
 * Requests come as Cloudflare's edge hands them over (helpers/edge-request.ts), so their
 * `CF-Connecting-IP` is believed.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../src/worker/index";
import { V1 } from "../helpers/rpc";
import { edgeRequest } from "../helpers/edge-request";
import { expect429, sentBefore429 } from "../helpers/rate-limited";

const FAILURE_LIMIT = 5;
const RIGHT_KEY = "right-api-key-0001";
const listTasks = { jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} };

function fetcher(overrides: Record<string, string> = {}) {
  const e = {
    ...env,
    IACCODE_A2A_RATE_LIMIT: "true",
    IACCODE_A2A_BASIC_USERNAME: "carol",
    IACCODE_A2A_BASIC_PASSWORD: "right-password",
    IACCODE_A2A_API_KEY: RIGHT_KEY,
    ...overrides,
  } as unknown as Env;
  return async (address: string, credentials: Record<string, string> = {}): Promise<Response> =>
    worker.fetch(
      edgeRequest("/", address, { method: "POST", headers: { ...V1, ...credentials }, body: JSON.stringify(listTasks) }),
      e,
      createExecutionContext(),
    );
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const basic = (user: string, password: string) => ({ Authorization: `Basic ${btoa(`${user}:${password}`)}` });
const apiKey = (key: string) => ({ "X-API-Key": key });

describe("failed authentication limits the attacker, not the victim (issue 30 item 3)", () => {
  it("wrong tokens from one address end in 429 there; the right token and API key from that same address are served meanwhile", async () => {
    const call = fetcher();
    const { passed, refused } = await sentBefore429((i) => call("198.51.100.30", bearer(`wrong-token-${i}`)), FAILURE_LIMIT, 401);
    expect(passed).toBeGreaterThanOrEqual(FAILURE_LIMIT);
    await expect429(refused);
    await expect429(await call("198.51.100.30", bearer("wrong-token-again")));
    expect((await call("198.51.100.30", bearer("static-token-0001"))).status).toBe(200);
    expect((await call("198.51.100.30", apiKey(RIGHT_KEY))).status).toBe(200);
    // Another address has its own budget.
    expect((await call("198.51.100.31", bearer("wrong-token-elsewhere"))).status).toBe(401);
  });

  it("guesses for carol's name from rotating addresses never lock carol out", async () => {
    const call = fetcher();
    // Three budgets' worth of guesses, each from a fresh address: nothing counts against carol.
    for (let i = 0; i < 3 * FAILURE_LIMIT + 1; i++) expect((await call(`203.0.113.${100 + i}`, basic("carol", `guess-${i}`))).status).toBe(401);
    expect((await call("192.0.2.10", basic("carol", "right-password"))).status).toBe(200);
    expect((await call("203.0.113.250", basic("carol", "right-password"))).status).toBe(200);
  });

  it("a /64 sweep of wrong API keys is one budget: 429 across the /64, another /64 untouched, the right key served in the swept one", async () => {
    const call = fetcher();
    const { passed, refused } = await sentBefore429((i) => call(`2001:db8:1:2::${(i + 1).toString(16)}`, apiKey(`wrong-key-${i}`)), FAILURE_LIMIT, 401);
    expect(passed).toBeGreaterThanOrEqual(FAILURE_LIMIT);
    await expect429(refused);
    await expect429(await call("2001:db8:1:2:ffff:ffff:ffff:fffe", apiKey("wrong-key-far-end")));
    expect((await call("2001:db8:1:3::1", apiKey("wrong-key-next-64"))).status).toBe(401);
    expect((await call("2001:db8:1:2:abcd::9", apiKey(RIGHT_KEY))).status).toBe(200);
  });

  it("one wrong credential replayed from many addresses ends in 429 (counted per credential tried)", async () => {
    const call = fetcher();
    const { refused } = await sentBefore429((i) => call(`198.18.7.${i + 1}`, bearer("stale-token-from-a-broken-client")), FAILURE_LIMIT, 401);
    await expect429(refused);
    expect((await call("198.18.7.200", bearer("static-token-0001"))).status).toBe(200);
  });

  it("Basic from an address over its budget is refused before the password is checked, except a user already signed in from there", async () => {
    const call = fetcher();
    // carol works from 198.51.100.60 (a NAT shared with a guesser)...
    expect((await call("198.51.100.60", basic("carol", "right-password"))).status).toBe(200);
    // ... where someone guesses other users' passwords past the address's budget.
    const { refused } = await sentBefore429((i) => call("198.51.100.60", basic(`user-${i}`, "x")), FAILURE_LIMIT, 401);
    await expect429(refused);
    // A right password there for a user who had not signed in could be a right guess: 429 before the check.
    await expect429(await call("198.51.100.60", basic("dave", "anything")));
    // carol goes on working from there, and from anywhere else.
    expect((await call("198.51.100.60", basic("carol", "right-password"))).status).toBe(200);
    expect((await call("198.51.100.61", basic("carol", "right-password"))).status).toBe(200);
    // Guessing carol herself from there uses up her exemption at that address (and only there).
    // (Checked, and answered 429 like every failure from there; two windows' worth, as the binding counts in fixed windows.)
    for (let i = 0; i < 2 * FAILURE_LIMIT + 2; i++) await expect429(await call("198.51.100.60", basic("carol", `guess-${i}`)));
    await expect429(await call("198.51.100.60", basic("carol", "right-password")));
    expect((await call("198.51.100.62", basic("carol", "right-password"))).status).toBe(200);
  });

  it("IACCODE_A2A_RATE_LIMIT=false turns it off with the other limits", async () => {
    const call = fetcher({ IACCODE_A2A_RATE_LIMIT: "false" });
    for (let i = 0; i < 3 * FAILURE_LIMIT; i++) expect((await call("198.51.100.50", bearer(`wrong-${i}`))).status).toBe(401);
    expect((await call("198.51.100.50", bearer("static-token-0001"))).status).toBe(200);
  });
});
