/**
 * Issue 20 item 1: card signatures every verifier accepts. Each signer signs the served form (spec
 * §8.4.1 applied to the card as served, 0.3 fields kept) first, then the SDK form (the 1.0 type's
 * view); a spec-exact verifier built on an independent RFC 8785 implementation (the `canonicalize`
 * package, by one of RFC 8785's authors) and the official JS SDK's verifier both accept the card.
 * Issue 20 item 2: GetExtendedAgentCard gives the 1.0 view under 1.0 and the 0.3 view under 0.3,
 * each signed the same way. Both canonicalizers are held to the published vectors.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import canonicalize from "canonicalize";
import { base64url, createLocalJWKSet, decodeProtectedHeader, exportJWK, flattenedVerify, generateKeyPair, type JWK } from "jose";
import { type AgentCard, verifyAgentCardSignature } from "@a2a-js/sdk";
import worker from "../../src/worker/index";
import { canonicalizeServedCard } from "../../src/a2a/jcs";
import { CanonicalizationError, rfc8785 } from "../../src/a2a/rfc8785";
import { V03_CARD_FIELDS } from "../../src/worker/agent-card";
import { BASE } from "./helpers/rpc";
import { CARD_VECTORS, NUMBER_SAMPLES, REJECTED, TEXT_VECTORS, doubleOf } from "./helpers/rfc8785-vectors";

const PUBLIC_URL = "https://a2a.example.com/agents";
const SECRET = "card-signing-secret-0123456789abcdef";
const TOKEN = "card-forms-token";

type Signature = { protected: string; signature: string };
type Signed = { signatures: Signature[] } & Record<string, unknown>;

const { privateKey } = await generateKeyPair("ES256", { extractable: true });
const es = { ...(await exportJWK(privateKey)), kid: "card-forms-1" };

function server(overrides: Record<string, string> = {}) {
  const e = {
    ...env,
    IACCODE_A2A_PUBLIC_URL: PUBLIC_URL,
    IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [es] }),
    IACCODE_A2A_SIGNING_SECRET: SECRET,
    IACCODE_A2A_HTTP_TOKEN: TOKEN,
    ...overrides,
  } as unknown as Env;
  // The card and the JWKS on a loopback origin; methods at the public URL's path, on its host.
  return (path: string, init: RequestInit = {}) => {
    const url = path.startsWith("/.well-known/") ? `${BASE}${path}` : `${PUBLIC_URL}${path}`;
    return worker.fetch(new Request(url, init), e, createExecutionContext());
  };
}

const get = server();
const jwks = async () => (await (await get("/.well-known/jwks.json")).json()) as { keys: JWK[] };
const servedCard = async () => (await (await get("/.well-known/agent-card.json")).json()) as Signed;

/** The spec's §8.4.3 check with an independent RFC 8785 implementation, on the JSON as served. */
async function specExactVerify(card: Signed, signature: Signature, key: Parameters<typeof flattenedVerify>[1]): Promise<void> {
  const { signatures: _drop, ...rest } = card;
  const payload = base64url.encode(canonicalize(rest) ?? "");
  await flattenedVerify({ payload, protected: signature.protected, signature: signature.signature }, key);
}

/** Properties holding a protobuf default (outside presence fields and unknown ones): the card must have none. */
function defaultsIn(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((v, i) => defaultsIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return value === "" || value === 0 ? [path] : [];
  return Object.entries(value).flatMap(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    if (v === false && !["streaming", "pushNotifications", "extendedAgentCard"].includes(k)) return [at];
    return defaultsIn(v, at);
  });
}

async function rpc(method: string, version: "1.0" | "0.3") {
  const headers: Record<string, string> = { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` };
  if (version === "1.0") headers["A2A-Version"] = "1.0";
  const res = await get("/", { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method }) });
  return ((await res.json()) as { result: Signed }).result;
}

async function expectBothVerifiers(card: Signed) {
  const keys = createLocalJWKSet(await jwks());
  const headers = card.signatures.map((s) => decodeProtectedHeader(s));
  expect(headers.map((h) => [h.alg, h.kid])).toEqual([
    ["ES256", "card-forms-1"],
    ["ES256", "card-forms-1"],
    ["HS256", "default"],
    ["HS256", "default"],
  ]);
  const [esServed, esSdk, hsServed] = card.signatures as [Signature, Signature, Signature, Signature];
  // The served form is the first signature: a verifier that checks only one checks this one.
  await expect(specExactVerify(card, esServed, keys)).resolves.toBeUndefined();
  await expect(specExactVerify(card, hsServed, new TextEncoder().encode(SECRET))).resolves.toBeUndefined();
  await expect(specExactVerify(card, esSdk, keys)).rejects.toThrow();
  // The official SDK reads the card into the 1.0 type first; it verifies through the SDK-form signature.
  const sdk = verifyAgentCardSignature(async (kid) => {
    const key = (await jwks()).keys.find((k) => k.kid === kid);
    if (!key) throw new Error(`no key ${kid}`);
    return key;
  });
  await expect(sdk(card as unknown as AgentCard)).resolves.toBeUndefined();
}

describe("served card signatures (issue 20 item 1, spec §8.4)", () => {
  it("holds no protobuf default value, so the card as served is its own §8.4.1 form", async () => {
    const card = await servedCard();
    const { signatures: _drop, ...rest } = card;
    // 0.3's `security` (card-security.ts) is unknown to the 1.0 proto: §8.4.1 keeps it as served, `[]` included.
    const { security: _v03, ...proto } = rest;
    expect(defaultsIn(proto)).toEqual([]);
    expect(canonicalizeServedCard(card)).toBe(canonicalize(rest));
    expect(card.securityRequirements).toEqual([{ schemes: { bearerAuth: {} } }]);
  });

  it("each key signs the served form first, then the SDK form; a spec-exact verifier and the official SDK both accept it", async () => {
    const card = await servedCard();
    for (const field of V03_CARD_FIELDS) expect(card).toHaveProperty(field);
    await expectBothVerifiers(card);
  });

  it("the served-form signature covers the 0.3 fields: changing one breaks it", async () => {
    const card = await servedCard();
    const keys = createLocalJWKSet(await jwks());
    await expect(specExactVerify({ ...card, url: "https://evil.example.com/" }, card.signatures[0] as Signature, keys)).rejects.toThrow();
    await expect(specExactVerify({ ...card, name: "evil" }, card.signatures[0] as Signature, keys)).rejects.toThrow();
  });

  it("where the two forms are the same bytes, each signer signs once", async () => {
    // The 1.0 view of an unauthenticated server: no 0.3 fields, no empty value, ASCII only.
    const plain = server({ IACCODE_A2A_HTTP_TOKEN: "" });
    const res = await plain("/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
      body: '{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}',
    });
    const card = ((await res.json()) as { result: Signed }).result;
    expect(card.signatures.map((s) => decodeProtectedHeader(s).alg)).toEqual(["ES256", "HS256"]);
  });
});

describe("GetExtendedAgentCard per version (issue 20 item 2)", () => {
  it("1.0 answers the 1.0 view: no 0.3 field, the runtime skill, signed in both forms", async () => {
    const card = await rpc("GetExtendedAgentCard", "1.0");
    for (const field of V03_CARD_FIELDS) expect(card).not.toHaveProperty(field);
    expect((card.skills as Array<{ id: string }>).at(-1)?.id).toBe("iac_code_runtime_details");
    const keys = createLocalJWKSet(await jwks());
    await expect(specExactVerify(card, card.signatures[0] as Signature, keys)).resolves.toBeUndefined();
    const sdk = verifyAgentCardSignature(async () => (await jwks()).keys[0] as JWK);
    await expect(sdk(card as unknown as AgentCard)).resolves.toBeUndefined();
  });

  it("HTTP+JSON's GET /extendedAgentCard is 1.0 too: the 1.0 view", async () => {
    const res = await get("/extendedAgentCard", { headers: { Authorization: `Bearer ${TOKEN}`, "A2A-Version": "1.0" } });
    expect(res.status).toBe(200);
    const card = (await res.json()) as Signed;
    for (const field of V03_CARD_FIELDS) expect(card).not.toHaveProperty(field);
    expect(card.name).toBe("iac-code");
  });

  it("0.3 (agent/getAuthenticatedExtendedCard) answers the 0.3 view: the 0.3 fields too, and both verifiers accept it", async () => {
    const card = await rpc("agent/getAuthenticatedExtendedCard", "0.3");
    expect(card).toMatchObject({ protocolVersion: "0.3.0", url: `${PUBLIC_URL}/`, preferredTransport: "JSONRPC", supportsAuthenticatedExtendedCard: true });
    expect((card.skills as Array<{ id: string }>).at(-1)?.id).toBe("iac_code_runtime_details");
    await expectBothVerifiers(card);
  });
});

describe("RFC 8785 canonicalization held to the published vectors", () => {
  it.each(TEXT_VECTORS)("$name", ({ input, output }) => {
    const value = JSON.parse(input);
    expect(rfc8785(value)).toBe(output);
    expect(canonicalize(value)).toBe(output);
  });

  it.each(NUMBER_SAMPLES)("RFC 8785 Appendix B: %s → %s", (bits, output) => {
    expect(rfc8785(doubleOf(bits))).toBe(output);
    expect(canonicalize(doubleOf(bits))).toBe(output);
  });

  it.each(REJECTED)("refuses $name", ({ value }) => {
    expect(() => rfc8785(value)).toThrow(CanonicalizationError);
    expect(() => canonicalize(value)).toThrow();
  });

  it.each(CARD_VECTORS)("served form: $name", ({ card, output }) => {
    expect(canonicalizeServedCard(card)).toBe(output);
  });
});
