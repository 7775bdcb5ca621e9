/**
 * The public front (src/worker/public-front.ts) answers the plain GETs of the agent card and of
 * /health before the router; every other spelling of those routes reaches the router, which
 * serves them with the same code. Both must give the same answer (spec §8.6 caching headers and
 * 304; contract §5), pass the same gate (421, 429, a misconfiguration's 500) and write the same
 * log line.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../src/worker/index";
import { BASE } from "./helpers/rpc";

const FRONT_CARD = `${BASE}/.well-known/agent-card.json`;
/** The same resource as the router sees it: Hono decodes the escape, the front does not match it. */
const ROUTER_CARD = `${BASE}/.well-known/agent-card%2Ejson`;

async function call(url: string, init: RequestInit = {}, overrides: Record<string, string> = {}): Promise<Response> {
  return worker.fetch(new Request(url, init), { ...env, ...overrides } as Env, createExecutionContext());
}

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
});
afterEach(() => vi.restoreAllMocks());

const requestLines = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "request");

describe("the card through the front and through the router (spec §8.6)", () => {
  it("is the same 200: body, ETag, Cache-Control, Last-Modified, Content-Type", async () => {
    const front = await call(FRONT_CARD);
    const router = await call(ROUTER_CARD);
    expect(front.status).toBe(200);
    expect(router.status).toBe(200);
    for (const name of ["ETag", "Cache-Control", "Last-Modified", "Content-Type"]) {
      expect(front.headers.get(name), name).toBe(router.headers.get(name));
    }
    expect(front.headers.get("ETag")).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(await front.text()).toBe(await router.text());
  });

  it("is the same 304 for a matching If-None-Match, and the same 200 for a stale one", async () => {
    const etag = (await call(FRONT_CARD)).headers.get("ETag") ?? "";
    for (const url of [FRONT_CARD, ROUTER_CARD]) {
      const fresh = await call(url, { headers: { "If-None-Match": `W/"stale", ${etag}` } });
      expect(fresh.status, url).toBe(304);
      expect(fresh.headers.get("ETag")).toBe(etag);
      expect(await fresh.text()).toBe("");
      expect((await call(url, { headers: { "If-None-Match": '"stale"' } })).status, url).toBe(200);
    }
  });

  it("writes one request line per answer, with a request id in X-Request-Id", async () => {
    const front = await call(FRONT_CARD);
    const router = await call(ROUTER_CARD);
    const logged = requestLines();
    expect(logged).toHaveLength(2);
    expect(logged.map((l) => l.request_id)).toEqual([front.headers.get("X-Request-Id"), router.headers.get("X-Request-Id")]);
    for (const line of logged) expect(line).toMatchObject({ http_method: "GET", binding: "card", status: 200 });
  });
});

describe("the front's gate is the router's", () => {
  it("refuses a foreign Host without auth with 421 on both paths, then serves loopback", async () => {
    for (const url of ["http://evil.example/.well-known/agent-card.json", "http://evil.example/health", "http://evil.example/.well-known/agent-card%2Ejson"]) {
      const res = await call(url);
      expect(res.status, url).toBe(421);
      expect(((await res.json()) as { error: string }).error).toBe("Misdirected Request");
    }
    expect((await call(`${BASE}/health`)).status).toBe(200);
  });

  it("answers a misconfiguration with a 500 naming the setting on both paths, never its value", async () => {
    const broken = { IACCODE_A2A_PUSH_KEYRING: "", IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com", IACCODE_A2A_PUSH_NOTIFICATIONS: "true" };
    for (const url of [
      "https://a2a.example.com/health",
      "https://a2a.example.com/.well-known/agent-card.json",
      "https://a2a.example.com/.well-known/agent-card%2Ejson",
    ]) {
      const res = await call(url, {}, broken);
      expect(res.status, url).toBe(500);
      const body = (await res.json()) as { error: string; detail: string };
      expect(body.error).toBe("Server misconfigured");
      expect(body.detail).toContain("IACCODE_A2A_PUSH_KEYRING");
    }
    expect((await call(FRONT_CARD)).status).toBe(200);
  });

  it("leaves every other method on a public path to the router", async () => {
    const post = await call(FRONT_CARD, { method: "POST", body: "{}" });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: "Not Found" });
    const head = await call(FRONT_CARD, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toMatch(/^"sha256-/);
  });
});
