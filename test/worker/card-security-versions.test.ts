/**
 * Issue 20 remainder, item 4: the card's security schemes per protocol version (card-security.ts).
 * The served card holds each scheme in both shapes and both requirement lists; 1.0's
 * GetExtendedAgentCard answers the pure 1.0 view; 0.3's agent/getAuthenticatedExtendedCard the 0.3
 * shape. Proven with the official clients, through the real Worker: `@a2a-js/sdk` 0.3.14 (card
 * resolver and JSON-RPC transport) reads `type`, `scheme` and `security` where 0.3 puts them, and
 * `@a2a-js/sdk` 1.3.0 resolves the same card and verifies its signature.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { DefaultAgentCardResolver as ResolverV03, JsonRpcTransport as TransportV03 } from "a2a-sdk-v03/client";
import { DefaultAgentCardResolver } from "@a2a-js/sdk/client";
import { type AgentCard, verifyAgentCardSignature } from "@a2a-js/sdk";
import worker from "../../src/worker/index";

const PUBLIC_URL = "https://a2a.example.com";
const TOKEN = "card-versions-token";

const { privateKey } = await generateKeyPair("ES256", { extractable: true });
const es = { ...(await exportJWK(privateKey)), kid: "card-versions-1" };

const e = {
  ...env,
  IACCODE_A2A_PUBLIC_URL: PUBLIC_URL,
  IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [es] }),
  IACCODE_A2A_HTTP_TOKEN: TOKEN,
  IACCODE_A2A_API_KEY: "card-versions-key",
  IACCODE_A2A_API_KEY_HEADER: "X-Api-Key",
} as unknown as Env;

/** A fetch into the Worker (as the SDKs call it), with the bearer credential on every request. */
const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const headers = new Headers(request.headers);
  headers.set("Authorization", `Bearer ${TOKEN}`);
  return worker.fetch(new Request(request, { headers }), e, createExecutionContext());
};

type Scheme = Record<string, unknown>;
type Card = { securitySchemes: Record<string, Scheme>; securityRequirements?: unknown; security?: unknown };

const BEARER_V03 = { type: "http", scheme: "bearer" };
const API_KEY_V03 = { type: "apiKey", in: "header", name: "X-Api-Key" };
const BEARER_V1 = { httpAuthSecurityScheme: { scheme: "bearer" } };
const API_KEY_V1 = { apiKeySecurityScheme: { location: "header", name: "X-Api-Key" } };

describe("issue 20 remainder item 4: security schemes in each version's shape", () => {
  it("the served card: both shapes in each scheme, both requirement lists; the 0.3 JS client reads the 0.3 shape as it is", async () => {
    const card = (await (await fetchImpl(`${PUBLIC_URL}/.well-known/agent-card.json`)).json()) as Card;
    expect(card.securitySchemes).toEqual({ bearerAuth: { ...BEARER_V1, ...BEARER_V03 }, apiKeyAuth: { ...API_KEY_V1, ...API_KEY_V03 } });
    expect(card.securityRequirements).toEqual([{ schemes: { bearerAuth: {} } }, { schemes: { apiKeyAuth: {} } }]);
    expect(card.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);

    // 0.3.14's resolver takes a card whose schemes have `type` as JSON-Schema (0.3) form, unchanged.
    const v03 = (await new ResolverV03({ fetchImpl }).resolve(PUBLIC_URL)) as unknown as Card & { url: string };
    expect(v03.securitySchemes.bearerAuth).toMatchObject(BEARER_V03);
    expect(v03.securitySchemes.apiKeyAuth).toMatchObject(API_KEY_V03);
    expect(v03.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(v03.url).toBe(`${PUBLIC_URL}/`);
  });

  it("the 1.0 JS client resolves the same card and its signature verifier accepts it", async () => {
    const resolved = await new DefaultAgentCardResolver({ fetchImpl }).resolve(PUBLIC_URL);
    const jwks = (await (await fetchImpl(`${PUBLIC_URL}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const verify = verifyAgentCardSignature(async (kid) => {
      const key = jwks.keys.find((k) => k.kid === kid);
      if (!key) throw new Error(`no key ${kid}`);
      return key;
    });
    await expect(verify(resolved as AgentCard)).resolves.toBeUndefined();
  });

  it("0.3's agent/getAuthenticatedExtendedCard (the 0.3 JS transport) carries the 0.3 shape; 1.0's GetExtendedAgentCard the pure 1.0 view", async () => {
    const v03 = (await new TransportV03({ endpoint: `${PUBLIC_URL}/`, fetchImpl }).getExtendedAgentCard()) as unknown as Card;
    expect(v03.securitySchemes.bearerAuth).toMatchObject(BEARER_V03);
    expect(v03.securitySchemes.apiKeyAuth).toMatchObject(API_KEY_V03);
    expect(v03.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);

    const res = await fetchImpl(`${PUBLIC_URL}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetExtendedAgentCard" }),
    });
    const v1 = ((await res.json()) as { result: Card }).result;
    expect(v1.securitySchemes).toEqual({ bearerAuth: BEARER_V1, apiKeyAuth: API_KEY_V1 });
    expect(v1.securityRequirements).toEqual([{ schemes: { bearerAuth: {} } }, { schemes: { apiKeyAuth: {} } }]);
    expect(v1).not.toHaveProperty("security");
  });
});
