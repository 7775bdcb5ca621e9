/**
 * Secrets and configuration (issue 10 item 4): push without a keyring is refused on a deployed
 * server and allowed (with one log line) on a loopback development server; half-configured Basic
 * and bad hardening values are configuration errors naming the variable.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../src/worker/index";
import { parseConfig } from "../../../src/config/config";

const envWith = (overrides: Record<string, string>) => ({ ...env, ...overrides }) as unknown as Env;
const noKeyring = envWith({ IACCODE_A2A_PUSH_KEYRING: "" });
const get = (url: string, e: Env = noKeyring) => worker.fetch(new Request(url), e, createExecutionContext());
const MISCONFIGURED = {
  error: "Server misconfigured",
  detail: "Invalid configuration IACCODE_A2A_PUSH_KEYRING: is required to serve push notifications on a deployed (non-loopback) server",
};

describe("push without IACCODE_A2A_PUSH_KEYRING", () => {
  it("a local (loopback) server keeps working with the development key and says so once", async () => {
    const warn = vi.spyOn(console, "warn");
    for (const url of [
      "http://127.0.0.1:8787/health",
      "http://localhost:8787/health",
      "http://[::1]:8787/health",
      "http://127.0.0.1:8787/.well-known/agent-card.json",
    ]) {
      const res = await get(url);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const lines = warn.mock.calls.map((args) => args.join(" ")).filter((l) => l.includes("push.development_key"));
    warn.mockRestore();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: "warn", event: "push.development_key", unset: "IACCODE_A2A_PUSH_KEYRING" });
  });

  it("a deployed server (non-loopback host) refuses with a configuration error naming the variable", async () => {
    const res = await get("http://a2a.example.com/health");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(MISCONFIGURED);
  });

  it("a public IACCODE_A2A_PUBLIC_URL marks the server deployed even on a loopback request", async () => {
    const res = await get("http://127.0.0.1:8787/health", envWith({ IACCODE_A2A_PUSH_KEYRING: "", IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com" }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(MISCONFIGURED);
  });

  it("with a keyring, or with push off, any host is served", async () => {
    expect((await get("http://a2a.example.com/health", env as unknown as Env)).status).toBe(200);
    expect((await get("http://a2a.example.com/health", envWith({ IACCODE_A2A_PUSH_KEYRING: "", IACCODE_A2A_PUSH_NOTIFICATIONS: "false" }))).status).toBe(200);
  });
});

describe("configuration errors name the variable", () => {
  it.each([
    [{ IACCODE_A2A_BASIC_USERNAME: "alice" }, "Invalid configuration IACCODE_A2A_BASIC_PASSWORD: is required with IACCODE_A2A_BASIC_USERNAME"],
    [{ IACCODE_A2A_BASIC_PASSWORD: "wonder" }, "Invalid configuration IACCODE_A2A_BASIC_USERNAME: is required with IACCODE_A2A_BASIC_PASSWORD"],
    [
      { IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com, https://x.example.com/" },
      'Invalid configuration IACCODE_A2A_PUSH_ALLOWED_HOSTS: "https://x.example.com/" is not a host name or *.suffix',
    ],
    [{ IACCODE_A2A_PUSH_ALLOWED_HOSTS: "*" }, 'Invalid configuration IACCODE_A2A_PUSH_ALLOWED_HOSTS: "*" is not a host name or *.suffix'],
    [{ IACCODE_A2A_PUSH_DOH_URL: "http://dns.example.com/dns-query" }, "Invalid configuration IACCODE_A2A_PUSH_DOH_URL: must be an absolute https URL"],
    [
      { IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:0" },
      'Invalid configuration IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:0" has a port outside 1-65535',
    ],
    [
      { IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:65536" },
      'Invalid configuration IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:65536" has a port outside 1-65535',
    ],
    [
      { IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:" },
      'Invalid configuration IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:" is not a host name or *.suffix',
    ],
  ])("%j", (overrides, message) => {
    expect(() => parseConfig(overrides)).toThrow(message);
  });

  it("half-configured Basic answers 500 Server misconfigured, never an open server", async () => {
    const res = await get(
      "http://127.0.0.1/health",
      envWith({
        IACCODE_A2A_HTTP_TOKEN: "",
        IACCODE_A2A_JWT_ISSUER: "",
        IACCODE_A2A_JWT_AUDIENCE: "",
        IACCODE_A2A_JWT_JWKS_URL: "",
        IACCODE_A2A_BASIC_USERNAME: "alice",
      }),
    );
    expect(res.status).toBe(500);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Invalid configuration IACCODE_A2A_BASIC_PASSWORD: is required with IACCODE_A2A_BASIC_USERNAME",
    );
  });

  // Issue 23, minor: an https resolver URL must not send the Worker's own requests into a private network.
  it.each([
    "https://10.0.0.53/dns-query",
    "https://169.254.169.254/dns-query",
    "https://[fd00::53]/dns-query",
    "https://[fe80::1]/dns-query",
    "https://192.168.1.1:8443/dns-query",
    "https://0x0a000001/dns-query",
    "https://resolver.internal/dns-query",
    "https://dns.local/dns-query",
  ])("refuses an https IACCODE_A2A_PUSH_DOH_URL on a private or link-local host: %s", (url) => {
    expect(() => parseConfig({ IACCODE_A2A_PUSH_DOH_URL: url })).toThrow(
      "Invalid configuration IACCODE_A2A_PUSH_DOH_URL: must not point at a private, link-local or special-use host",
    );
  });

  it("keeps public https resolvers and loopback development resolvers", () => {
    for (const url of [
      "https://cloudflare-dns.com/dns-query",
      "https://1.1.1.1/dns-query",
      "https://127.0.0.1:8443/dns-query",
      "http://127.0.0.1:5353/dns-query",
    ]) {
      expect(parseConfig({ IACCODE_A2A_PUSH_DOH_URL: url }).pushDohUrl).toBe(new URL(url).href);
    }
  });

  it("issue 23, minor: the code's default agent is iac, as README and wrangler.toml say", () => {
    expect(parseConfig({}).agent).toBe("iac");
    expect(parseConfig({ IACCODE_A2A_AGENT: "conformance" }).agent).toBe("conformance");
  });

  it("accepts allowlist entries that pin a port", () => {
    expect(parseConfig({ IACCODE_A2A_PUSH_ALLOWED_HOSTS: "hooks.example.com:8443, *.r.example.net:443, [2001:db8::1]:9000" }).pushAllowedHosts).toEqual([
      "hooks.example.com:8443",
      "*.r.example.net:443",
      "[2001:db8::1]:9000",
    ]);
  });

  it("accepts an allowlist of exact hosts and *.suffix patterns", () => {
    expect(parseConfig({ IACCODE_A2A_PUSH_ALLOWED_HOSTS: "Hooks.Example.com., *.receivers.example.net" }).pushAllowedHosts).toEqual([
      "hooks.example.com",
      "*.receivers.example.net",
    ]);
  });
});
