/**
 * Asymmetric card signing and the published JWKS (issue 10 item 2, spec §8.4): the first key of
 * IACCODE_A2A_SIGNING_KEYS signs (ES256 or EdDSA) with `kid` and `jku` in the protected header, every
 * key's public half is served at /.well-known/jwks.json (ETag, 304), the card is signed once per
 * isolate (stable ETag), and the signature verifies with jose and with @a2a-js/sdk. Since issue 20
 * item 1 each key signs two forms (served, then SDK: card-signature-forms.test.ts): index 1 is the
 * SDK form these checks canonicalize with the SDK's own function.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { base64url, createLocalJWKSet, decodeProtectedHeader, exportJWK, flattenedVerify, generateKeyPair, type JWK } from "jose";
import { type AgentCard, canonicalizeAgentCard, verifyAgentCardSignature } from "@a2a-js/sdk";
import worker from "../../src/worker/index";
import { parseConfig } from "../../src/config/config";
import { BASE } from "./helpers/rpc";

const PUBLIC_URL = "https://a2a.example.com/agents";
const JKU = "https://a2a.example.com/.well-known/jwks.json";

async function privateJwk(alg: "ES256" | "EdDSA", kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
}

function server(overrides: Record<string, string>) {
  const e = { ...env, IACCODE_A2A_PUBLIC_URL: PUBLIC_URL, ...overrides } as unknown as Env;
  return async (path: string, headers: Record<string, string> = {}) => worker.fetch(new Request(`${BASE}${path}`, { headers }), e, createExecutionContext());
}

type Signed = { signatures: Array<{ protected: string; signature: string }> } & Record<string, unknown>;

const es = await privateJwk("ES256", "card-2026-12");
const ed = await privateJwk("EdDSA", "card-2026-06");
const keys = JSON.stringify({ keys: [es, ed] });

async function jose(card: Signed, jwks: { keys: JWK[] }, index = 1): Promise<void> {
  const signature = card.signatures[index];
  if (!signature) throw new Error("no signature");
  const payload = base64url.encode(canonicalizeAgentCard(card as unknown as AgentCard));
  await flattenedVerify({ payload, protected: signature.protected, signature: signature.signature }, createLocalJWKSet(jwks));
}

describe("asymmetric card signatures and the JWKS (issue 10 item 2)", () => {
  const get = server({ IACCODE_A2A_SIGNING_KEYS: keys });

  it("signs with the first key: alg, typ, kid and the absolute jku in the protected header", async () => {
    const card = (await (await get("/.well-known/agent-card.json")).json()) as Signed;
    expect(card.signatures).toHaveLength(2);
    for (const signature of card.signatures) expect(decodeProtectedHeader(signature)).toEqual({ alg: "ES256", typ: "JOSE", kid: "card-2026-12", jku: JKU });
  });

  it("publishes every key's public half at /.well-known/jwks.json: cacheable, ETag, 304", async () => {
    const res = await get("/.well-known/jwks.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/jwk-set+json");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    const jwks = (await res.json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => [k.kid, k.alg, k.use])).toEqual([
      ["card-2026-12", "ES256", "sig"],
      ["card-2026-06", "EdDSA", "sig"],
    ]);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
    const etag = res.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    const again = await get("/.well-known/jwks.json", { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("the signature verifies with jose against the published JWKS, and a changed card does not", async () => {
    const card = (await (await get("/.well-known/agent-card.json")).json()) as Signed;
    const jwks = (await (await get("/.well-known/jwks.json")).json()) as { keys: JWK[] };
    await expect(jose(card, jwks)).resolves.toBeUndefined();
    await expect(jose({ ...card, name: "evil" }, jwks)).rejects.toThrow();
  });

  it("the official SDK verifies it, fetching the key by kid from the jku", async () => {
    const card = (await (await get("/.well-known/agent-card.json")).json()) as Signed;
    const asked: string[] = [];
    const verify = verifyAgentCardSignature(async (kid, jku) => {
      asked.push(`${kid} ${jku}`);
      expect(jku).toBe(JKU);
      const jwks = (await (await get(new URL(jku ?? "").pathname)).json()) as { keys: JWK[] };
      const key = jwks.keys.find((k) => k.kid === kid);
      if (!key) throw new Error(`no key ${kid}`);
      return key;
    });
    await expect(verify(card as unknown as AgentCard)).resolves.toBeUndefined();
    // The served-form signature comes first: the SDK tries it, then verifies the SDK-form one.
    expect(asked).toEqual([`card-2026-12 ${JKU}`, `card-2026-12 ${JKU}`]);
    await expect(verify({ ...card, description: "changed" } as unknown as AgentCard)).rejects.toThrow();
  });

  it("signs once per card version per isolate: the ETag and body stay stable although ECDSA is randomized", async () => {
    const a = await get("/.well-known/agent-card.json");
    const b = await get("/.well-known/agent-card.json");
    expect(a.headers.get("ETag")).toBe(b.headers.get("ETag"));
    expect(await a.text()).toBe(await b.text());
  });

  it("rotation: a new key prepended signs; the old one stays published; EdDSA signs too", async () => {
    const rotated = server({ IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [ed, es] }) });
    const card = (await (await rotated("/.well-known/agent-card.json")).json()) as Signed;
    expect(decodeProtectedHeader(card.signatures[0] as { protected: string })).toMatchObject({ alg: "EdDSA", kid: "card-2026-06" });
    const jwks = (await (await rotated("/.well-known/jwks.json")).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(["card-2026-06", "card-2026-12"]);
    await expect(jose(card, jwks)).resolves.toBeUndefined();
  });

  it("HS256 keeps working beside it: the card carries both signatures", async () => {
    const both = server({ IACCODE_A2A_SIGNING_KEYS: keys, IACCODE_A2A_SIGNING_SECRET: "card-signing-secret-0123456789abcdef" });
    const card = (await (await both("/.well-known/agent-card.json")).json()) as Signed;
    expect(card.signatures.map((s) => decodeProtectedHeader(s).alg)).toEqual(["ES256", "ES256", "HS256", "HS256"]);
    const jwks = (await (await both("/.well-known/jwks.json")).json()) as { keys: JWK[] };
    await expect(jose(card, jwks)).resolves.toBeUndefined();
  });

  it("without signing keys the JWKS is 404 and the card unsigned", async () => {
    const plain = server({});
    expect((await plain("/.well-known/jwks.json")).status).toBe(404);
    expect(((await (await plain("/.well-known/agent-card.json")).json()) as Record<string, unknown>).signatures).toBeUndefined();
  });
});

describe("IACCODE_A2A_SIGNING_KEYS configuration errors (no key material in the message)", () => {
  it("a key with the wrong alg: every request answers the error naming the variable and the fix; nothing leaks (issue 20 item 1)", async () => {
    const misconfigured = server({ IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ ...ed, alg: "Ed25519" }] }) });
    const res = await misconfigured("/.well-known/agent-card.json");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; detail: string };
    expect(body.error).toBe("Server misconfigured");
    expect(body.detail).toContain("Invalid configuration IACCODE_A2A_SIGNING_KEYS");
    expect(body.detail).toContain('set "alg":"EdDSA"');
    expect(JSON.stringify(body)).not.toContain(String(ed.d));
    // A correctly configured server in the same isolate keeps serving.
    expect((await server({ IACCODE_A2A_SIGNING_KEYS: keys })("/.well-known/agent-card.json")).status).toBe(200);
  });

  it.each([
    [{ IACCODE_A2A_SIGNING_KEYS: keys, IACCODE_A2A_PUBLIC_URL: "" }, "needs IACCODE_A2A_PUBLIC_URL"],
    [{ IACCODE_A2A_SIGNING_KEYS: "not json" }, "must be a JSON Web Key Set"],
    [{ IACCODE_A2A_SIGNING_KEYS: '{"keys":[]}' }, "with 1 to 10 keys"],
    [{ IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ ...es, kid: undefined }] }) }, 'key 0 needs "kid"'],
    [{ IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [es, { ...ed, kid: es.kid }] }) }, "every key needs a different kid"],
    [{ IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ ...es, d: undefined }] }) }, 'key 0 needs "d"'],
    [
      { IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ kty: "RSA", kid: "r", n: "x", e: "AQAB", d: "y" }] }) },
      "must be an EC P-256 (ES256) or OKP Ed25519 (EdDSA) key",
    ],
    [
      { IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ ...es, alg: "ES384" }] }) },
      'says alg "ES384", but its curve signs card signatures with ES256: set "alg":"ES256"',
    ],
    // Issue 20 item 1: what Node 20's WebCrypto exports for an Ed25519 key (the README's old recipe).
    [
      { IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [{ ...ed, alg: "Ed25519" }] }) },
      'key 0 (card-2026-06) says alg "Ed25519", but its curve signs card signatures with EdDSA: set "alg":"EdDSA" or remove "alg" (npm run keygen prints a ready key)',
    ],
  ])("%#", (overrides, message) => {
    let thrown: unknown;
    try {
      parseConfig({ IACCODE_A2A_PUBLIC_URL: PUBLIC_URL, ...overrides });
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toContain("Invalid configuration IACCODE_A2A_SIGNING_KEYS");
    expect(String(thrown)).toContain(message);
    expect(String(thrown)).not.toContain(String(es.d));
  });
});
