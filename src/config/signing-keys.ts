/**
 * `IACCODE_A2A_SIGNING_KEYS`: the card's asymmetric signing keys, a JWK set of private keys (ES256
 * on P-256, or EdDSA on Ed25519). The first key signs; every key's public half is published at
 * `/.well-known/jwks.json`, so a key rotates by prepending its successor and dropping the old one
 * once no verifier holds a card it signed. Each key needs a unique `kid` (the signature names it).
 */
import type { ConfigError } from "./config-error";

export type CardSigningAlg = "ES256" | "EdDSA";

export interface CardSigningKey {
  kid: string;
  alg: CardSigningAlg;
  privateJwk: Record<string, string>;
  /** What the JWKS publishes: the public members only, with `kid`, `alg` and `use: "sig"`. */
  publicJwk: Record<string, string>;
}

/** A handful of keys covers any rotation; a longer list is a mistake. */
const MAX_SIGNING_KEYS = 10;
const KID = /^[A-Za-z0-9_.:-]{1,128}$/;

function one(raw: unknown, i: number, fail: (reason: string) => ConfigError): CardSigningKey {
  if (raw === null || typeof raw !== "object") throw fail(`key ${i} is not a JWK`);
  const jwk = raw as Record<string, unknown>;
  const str = (name: string): string => {
    const value = jwk[name];
    if (typeof value !== "string" || value === "") throw fail(`key ${i} needs "${name}"`);
    return value;
  };
  const kid = str("kid");
  if (!KID.test(kid)) throw fail(`key ${i}: kid must be 1-128 characters of A-Z a-z 0-9 _ . : -`);
  let alg: CardSigningAlg;
  let publicMembers: Record<string, string>;
  if (jwk.kty === "EC" && jwk.crv === "P-256") {
    alg = "ES256";
    publicMembers = { kty: "EC", crv: "P-256", x: str("x"), y: str("y") };
  } else if (jwk.kty === "OKP" && jwk.crv === "Ed25519") {
    alg = "EdDSA";
    publicMembers = { kty: "OKP", crv: "Ed25519", x: str("x") };
  } else {
    throw fail(`key ${i} (${kid}) must be an EC P-256 (ES256) or OKP Ed25519 (EdDSA) key`);
  }
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    // Node's WebCrypto exports Ed25519 keys with RFC 9864's "alg":"Ed25519"; card signatures use "EdDSA".
    throw fail(
      `key ${i} (${kid}) says alg ${JSON.stringify(String(jwk.alg).slice(0, 16))}, but its curve signs card signatures with ${alg}: ` +
        `set "alg":"${alg}" or remove "alg" (npm run keygen prints a ready key)`,
    );
  }
  const d = str("d");
  return { kid, alg, privateJwk: { ...publicMembers, d }, publicJwk: { ...publicMembers, kid, alg, use: "sig" } };
}

/** The parsed keys, or undefined when the variable is unset. Messages never include key material. */
export function parseSigningKeys(raw: string | undefined, failWith: (variable: string, reason: string) => ConfigError): CardSigningKey[] | undefined {
  if (raw === undefined) return undefined;
  const fail = (reason: string) => failWith("IACCODE_A2A_SIGNING_KEYS", reason);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail('must be a JSON Web Key Set ({"keys":[…]}) of private keys');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_SIGNING_KEYS) throw fail(`must be a JSON Web Key Set with 1 to ${MAX_SIGNING_KEYS} keys`);
  const out = keys.map((key, i) => one(key, i, fail));
  const kids = new Set(out.map((k) => k.kid));
  if (kids.size !== out.length) throw fail("every key needs a different kid");
  return out;
}
