/**
 * DNS rebinding in the trusted-local mode (issue 10 item 5): with no auth scheme, only a loopback
 * Host or the host of IACCODE_A2A_PUBLIC_URL is served; any other gets 421 with a clear message,
 * on every route, and the card never names a Host that was not accepted.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/worker/index";
import { MISDIRECTED_BODY } from "../../src/worker/host-check";

function call(url: string, overrides: Record<string, string> = {}, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(worker.fetch(new Request(url, init), { ...env, ...overrides } as unknown as Env, createExecutionContext()));
}

const rpcInit: RequestInit = {
  method: "POST",
  headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} }),
};

describe("the trusted-local mode answers only loopback hosts (issue 10 item 5)", () => {
  it.each(["http://127.0.0.1:8787", "http://localhost:8787", "http://LOCALHOST.", "http://[::1]:8787", "http://127.1.2.3", "http://app.localhost:8787"])(
    "serves %s",
    async (origin) => {
      const res = await call(`${origin}/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    },
  );

  it.each(["http://rebind.attacker.example:8787", "http://a2a.test", "http://10.0.0.5", "http://127.0.0.1.nip.io", "http://localhost.attacker.example"])(
    "421 for %s on every route, the card included",
    async (origin) => {
      for (const [path, init] of [
        ["/health", {}],
        ["/.well-known/agent-card.json", {}],
        ["/", rpcInit],
        ["/iac-code/workspace-files?dir=/workspace", {}],
      ] as const) {
        const res = await call(`${origin}${path}`, {}, init);
        expect(res.status).toBe(421);
        expect(await res.json()).toEqual(MISDIRECTED_BODY);
      }
    },
  );

  it("serves the host of IACCODE_A2A_PUBLIC_URL (port included), and the card names that URL", async () => {
    const pinned = { IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com:8443/agents" };
    const res = await call("https://a2a.example.com:8443/.well-known/agent-card.json", pinned);
    expect(res.status).toBe(200);
    const card = (await res.json()) as { supportedInterfaces: Array<{ url: string }> };
    expect(card.supportedInterfaces[0]?.url).toBe("https://a2a.example.com:8443/agents/");
    expect((await call("https://a2a.example.com/.well-known/agent-card.json", pinned)).status).toBe(421);
    expect((await call("https://evil.example/.well-known/agent-card.json", pinned)).status).toBe(421);
  });

  it("the card on a loopback origin names that origin, never another Host", async () => {
    const res = await call("http://localhost:9999/.well-known/agent-card.json");
    const card = (await res.json()) as { supportedInterfaces: Array<{ url: string }> };
    const hosts = card.supportedInterfaces.map((i) => new URL(i.url).host);
    expect(hosts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(hosts)).toEqual(new Set(["localhost:9999"]));
  });

  it("with an auth scheme configured, any Host is served (the credentials protect it)", async () => {
    const res = await call(
      "http://a2a.example.net/",
      { IACCODE_A2A_HTTP_TOKEN: "tok-host" },
      { ...rpcInit, headers: { ...(rpcInit.headers as Record<string, string>), Authorization: "Bearer tok-host" } },
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
