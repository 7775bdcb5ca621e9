/** Agent Card discovery (spec §8.2, §8.6; contract §5; kit CARD-DISC/CARD-CACHE). */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { compactVerify } from "jose";
import { type AgentCard, canonicalizeAgentCard, verifyAgentCardSignature } from "@a2a-js/sdk";
import worker from "../../src/worker/index";
import { canonicalizeCard } from "../../src/a2a/jcs";
import { v1CardView } from "../../src/worker/agent-card";
import { BASE, worker as self } from "./helpers/rpc";

const CARD = `${BASE}/.well-known/agent-card.json`;

async function withEnv(overrides: Record<string, string>, request: Request): Promise<Response> {
  return worker.fetch(request, { ...env, ...overrides } as Env, createExecutionContext());
}

describe("GET /.well-known/agent-card.json (spec §8.2)", () => {
  it("serves every field of the contract's card table without an A2A-Version header", async () => {
    const res = await self().fetch(CARD);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json");
    const card = (await res.json()) as Record<string, any>;
    expect(card.name).toBe("iac-code");
    expect(card.version).toBe("0.1.0");
    expect(card.provider).toEqual({ organization: "iac-code", url: "https://github.com/aliyun/iac-code" });
    expect(card.supportedInterfaces[0]).toEqual({ url: `${BASE}/`, protocolBinding: "JSONRPC", protocolVersion: "1.0" });
    expect(card.supportedInterfaces[1]).toEqual({ url: BASE, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" });
    expect(card.capabilities.streaming).toBe(true);
    expect(card.capabilities.pushNotifications).toBe(false);
    expect(card.capabilities.extendedAgentCard).toBe(true);
    expect(card.capabilities.extensions[0]).toEqual(expect.objectContaining({ uri: "urn:iac-code:a2a:artifact-metadata:v1" }));
    expect(card.capabilities.extensions[1]).toEqual(
      expect.objectContaining({ uri: "urn:iac-code:a2a:thinking-exposure:v1", params: { enabledTypes: ["tool_trace"] } }),
    );
    expect(card.defaultInputModes).toEqual([
      "text/plain",
      "application/json",
      "text/markdown",
      "text/yaml",
      "application/yaml",
      "application/x-yaml",
      "image/png",
      "image/jpeg",
      "image/webp",
      "image/gif",
      "audio/mpeg",
      "audio/wav",
      "audio/ogg",
      "application/octet-stream",
    ]);
    expect(card.defaultOutputModes).toEqual(["text/plain"]);
    expect(card.skills.map((s: { id: string }) => s.id)).toEqual(["iac_generation", "iac_review", "aliyun_ros_operations", "terraform_ros_conversion"]);
    for (const skill of card.skills) {
      expect(skill.name).toBeTruthy();
      expect(skill.description).toBeTruthy();
      expect(skill.tags.length).toBeGreaterThan(0);
      expect(skill.examples.length).toBeGreaterThan(0);
      expect(skill.outputModes).toEqual(["text/plain"]);
    }
    expect(card.skills[0].examples).toEqual(["Create a VPC with two vSwitches in cn-hangzhou."]);
    expect(card.description).toContain("trusted local environments");
    expect(card.securitySchemes).toBeUndefined();
  });

  it("sends Cache-Control, ETag and Last-Modified, and answers a matching If-None-Match with 304 (CARD-CACHE-001..003)", async () => {
    const first = await self().fetch(CARD);
    await first.arrayBuffer();
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(Date.parse(first.headers.get("Last-Modified") ?? "")).not.toBeNaN();

    const again = await self().fetch(CARD);
    await again.arrayBuffer();
    expect(again.headers.get("ETag")).toBe(etag);

    const notModified = await self().fetch(CARD, { headers: { "If-None-Match": etag ?? "" } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.headers.get("Cache-Control")).toBe("public, max-age=60");

    const weak = await self().fetch(CARD, { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    await weak.arrayBuffer();
    const stale = await self().fetch(CARD, { headers: { "If-None-Match": '"sha256-stale"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("pins the interface URL to IACCODE_A2A_PUBLIC_URL whatever the Host header says", async () => {
    // With an auth scheme any Host is served (without one it gets 421: dns-rebinding.test.ts).
    const res = await withEnv(
      { IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com/agents/iac/", IACCODE_A2A_HTTP_TOKEN: "tok-pin" },
      new Request("http://attacker.example/.well-known/agent-card.json", { headers: { Host: "attacker.example" } }),
    );
    const card = (await res.json()) as Record<string, any>;
    expect(card.supportedInterfaces[0].url).toBe("https://a2a.example.com/agents/iac/");
  });

  it("marks every IACCODE_A2A_REQUIRED_EXTENSIONS entry required: true, built-in ones included, and leaves the others unmarked", async () => {
    const res = await withEnv({ IACCODE_A2A_REQUIRED_EXTENSIONS: "urn:iac-code:a2a:artifact-metadata:v1,urn:example:needed:v1" }, new Request(CARD));
    const extensions = ((await res.json()) as { capabilities: { extensions: Array<{ uri: string; required?: boolean }> } }).capabilities.extensions;
    expect(extensions.map((e) => [e.uri, e.required])).toEqual([
      ["urn:iac-code:a2a:artifact-metadata:v1", true],
      ["urn:iac-code:a2a:thinking-exposure:v1", undefined],
      ["urn:iac-code:a2a:generation:v1", undefined],
      ["urn:example:needed:v1", true],
    ]);
    const plain = ((await (await self().fetch(CARD)).json()) as { capabilities: { extensions: Array<{ required?: boolean }> } }).capabilities.extensions;
    expect(plain.every((e) => !("required" in e))).toBe(true);
  });

  it("advertises each configured auth scheme and drops the unauthenticated note", async () => {
    const res = await withEnv(
      {
        IACCODE_A2A_HTTP_TOKEN: "tok-123",
        IACCODE_A2A_BASIC_USERNAME: "alice",
        IACCODE_A2A_BASIC_PASSWORD: "pw",
        IACCODE_A2A_API_KEY: "key-1",
        IACCODE_A2A_API_KEY_HEADER: "X-Custom-Key",
      },
      new Request(CARD),
    );
    const card = (await res.json()) as Record<string, any>;
    // Each scheme in both versions' shapes (card-security.ts): the 1.0 wrapper, then 0.3's OpenAPI members.
    expect(card.securitySchemes).toEqual({
      bearerAuth: { httpAuthSecurityScheme: { scheme: "bearer" }, type: "http", scheme: "bearer" },
      basicAuth: { httpAuthSecurityScheme: { scheme: "basic" }, type: "http", scheme: "basic" },
      apiKeyAuth: { apiKeySecurityScheme: { location: "header", name: "X-Custom-Key" }, type: "apiKey", in: "header", name: "X-Custom-Key" },
    });
    expect(card.securityRequirements).toHaveLength(3);
    expect(card.security).toEqual([{ bearerAuth: [] }, { basicAuth: [] }, { apiKeyAuth: [] }]);
    expect(card.description).not.toContain("trusted local environments");
    expect(JSON.stringify(card)).not.toContain("tok-123");
  });

  it("signs the card once with HS256 over the canonical JSON, and the signature verifies (spec §8.4)", async () => {
    const secret = "card-signing-secret-0123456789abcdef";
    const overrides = { IACCODE_A2A_SIGNING_SECRET: secret, IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com" };
    const res = await withEnv(overrides, new Request(CARD));
    const card = (await res.json()) as Record<string, any>;
    // Served form first, then the SDK form (issue 20 item 1, card-signature-forms.test.ts).
    expect(card.signatures).toHaveLength(2);
    const [, signature] = card.signatures;
    const header = JSON.parse(atob(signature.protected.replace(/-/g, "+").replace(/_/g, "/")));
    expect(header).toEqual({ alg: "HS256", typ: "JOSE", kid: "default" });
    // The SDK-form signature covers the 1.0 view: what a 1.0 SDK canonicalizes (0.3-only fields dropped).
    const payload = btoa(canonicalizeCard(v1CardView(card)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const verified = await compactVerify(`${signature.protected}.${payload}.${signature.signature}`, new TextEncoder().encode(secret));
    expect(JSON.parse(new TextDecoder().decode(verified.payload)).name).toBe("iac-code");
    const again = await withEnv(overrides, new Request(CARD));
    await again.arrayBuffer();
    expect(again.headers.get("ETag")).toBe(res.headers.get("ETag"));
  });

  it("the official SDK canonicalizes our card to the same bytes and verifies our signature (interop oracle)", async () => {
    const secret = "card-signing-secret-0123456789abcdef";
    const res = await withEnv(
      { IACCODE_A2A_SIGNING_SECRET: secret, IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com", IACCODE_A2A_HTTP_TOKEN: "t" },
      new Request(CARD),
    );
    const json = (await res.json()) as Record<string, unknown>;
    // The SDK canonicalizes with AgentCard.fromJSON, so it is handed the card as JSON (handing it a
    // decoded card decodes twice and loses the security schemes: an SDK quirk, not a card issue).
    const wire = json as unknown as AgentCard;
    expect(canonicalizeAgentCard(wire)).toBe(canonicalizeCard(v1CardView(json)));
    expect(canonicalizeCard(json)).toContain('"securitySchemes":{"bearerAuth"');
    const key = { kty: "oct", k: btoa(secret).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") };
    await expect(verifyAgentCardSignature(async (kid) => (kid === "default" ? key : Promise.reject(new Error("unknown kid"))))(wire)).resolves.toBeUndefined();
    const tampered = { ...json, name: "evil" } as unknown as AgentCard;
    await expect(verifyAgentCardSignature(async () => key)(tampered)).rejects.toThrow();
  });

  it("refuses a signing secret without a public URL, naming the variable and not the secret", async () => {
    const res = await withEnv({ IACCODE_A2A_SIGNING_SECRET: "card-signing-secret-0123456789abcdef" }, new Request(CARD));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; detail: string };
    expect(body.detail).toContain("IACCODE_A2A_SIGNING_SECRET");
    expect(body.detail).toContain("IACCODE_A2A_PUBLIC_URL");
    expect(body.detail).not.toContain("0123456789abcdef");
    const health = await self().fetch(`${BASE}/health`);
    expect(await health.json()).toEqual({ status: "healthy" });
  });
});

describe("canonicalization for signing (spec §8.4.1, SDK form)", () => {
  it("drops signatures and empty values, sorts keys, escapes non-ASCII", () => {
    expect(
      canonicalizeCard({
        name: "Example Agent",
        description: "",
        capabilities: { streaming: false, pushNotifications: false, extensions: [] },
        skills: [],
        signatures: [{ a: 1 }],
      }),
    ).toBe('{"capabilities":{"pushNotifications":false,"streaming":false},"name":"Example Agent"}');
    expect(canonicalizeCard({ b: "é", a: [1, "", {}] })).toBe('{"a":[1],"b":"\\u00e9"}');
  });
});

describe("GET /health", () => {
  it('answers {"status":"healthy"}', async () => {
    const res = await self().fetch(`${BASE}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "healthy" });
  });
});
