/**
 * The JWT bearer scheme's configuration: who issues the tokens, for which audience, where their
 * verification keys are (a JWKS URL fetched per isolate, or the set inline), which algorithms are
 * admitted and which scopes a token must carry. Symmetric algorithms (HS*) and `none` are refused
 * here, so a JWKS can never be used as an HMAC secret and an unsigned token can never pass.
 */
import type { ConfigError } from "./config-error";
import { httpsOrLoopbackUrl, publicHttpsOrLoopbackUrl } from "./https-url";

export interface JwtConfig {
  issuer: string;
  audience: string;
  /** Exactly one of `jwksUrl` and `jwks` is set. */
  jwksUrl: string | undefined;
  jwks: { keys: Array<Record<string, unknown>> } | undefined;
  algorithms: string[];
  requiredScopes: string[];
  /** Milliseconds between two refreshes of the remote JWKS on an unknown `kid`; at most 30 s. */
  jwksCooldownMs: number;
  /** The OpenID Connect discovery URL the card advertises, when set. */
  oidcUrl: string | undefined;
}

/** Asymmetric JWS algorithms (RFC 7518 §3.1, RFC 8037); the default admits the three common ones. */
export const JWT_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"] as const;
export const DEFAULT_JWT_ALGORITHMS = ["RS256", "ES256", "EdDSA"];
/** The bound: a rotated key is accepted within a minute, so the refresh cooldown is ≤ 30 s. */
export const MAX_JWKS_COOLDOWN_SECONDS = 30;
/** Far above any real key set (a handful of keys), far below what a Worker var may hold. */
const MAX_INLINE_KEYS = 100;

type Read = (name: string) => string | undefined;
type Fail = (variable: string, reason: string) => ConfigError;

/** The JWT scheme, or undefined when `IACCODE_A2A_JWT_ISSUER` is unset. */
export function parseJwtConfig(read: Read, integer: (name: string, fallback: number, min: number, max: number) => number, fail: Fail): JwtConfig | undefined {
  const issuer = read("IACCODE_A2A_JWT_ISSUER");
  const audience = read("IACCODE_A2A_JWT_AUDIENCE");
  const jwksUrl = read("IACCODE_A2A_JWT_JWKS_URL");
  const inline = read("IACCODE_A2A_JWT_JWKS");
  const oidcUrl = read("IACCODE_A2A_JWT_OIDC_URL");
  if (issuer === undefined) {
    for (const name of ["IACCODE_A2A_JWT_AUDIENCE", "IACCODE_A2A_JWT_JWKS_URL", "IACCODE_A2A_JWT_JWKS"]) {
      if (read(name) !== undefined) throw fail(name, "needs IACCODE_A2A_JWT_ISSUER");
    }
    return undefined;
  }
  if (audience === undefined) throw fail("IACCODE_A2A_JWT_AUDIENCE", "is required with IACCODE_A2A_JWT_ISSUER");
  if ((jwksUrl === undefined) === (inline === undefined)) {
    throw fail("IACCODE_A2A_JWT_JWKS_URL", "set exactly one of IACCODE_A2A_JWT_JWKS_URL and IACCODE_A2A_JWT_JWKS");
  }
  return {
    issuer,
    audience,
    // The Worker fetches it with its own authority: never a private or link-local host (issue 23, minor).
    jwksUrl: jwksUrl === undefined ? undefined : publicHttpsOrLoopbackUrl(jwksUrl, "IACCODE_A2A_JWT_JWKS_URL", fail),
    jwks: inline === undefined ? undefined : inlineJwks(inline, fail),
    algorithms: algorithms(read("IACCODE_A2A_JWT_ALGORITHMS"), fail),
    requiredScopes: (read("IACCODE_A2A_JWT_REQUIRED_SCOPES") ?? "").split(/[\s,]+/).filter((s) => s !== ""),
    jwksCooldownMs: integer("IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS", MAX_JWKS_COOLDOWN_SECONDS, 0, MAX_JWKS_COOLDOWN_SECONDS) * 1000,
    oidcUrl: oidcUrl === undefined ? undefined : httpsOrLoopbackUrl(oidcUrl, "IACCODE_A2A_JWT_OIDC_URL", fail),
  };
}

function algorithms(raw: string | undefined, fail: Fail): string[] {
  const name = "IACCODE_A2A_JWT_ALGORITHMS";
  if (raw === undefined) return DEFAULT_JWT_ALGORITHMS;
  const out = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const alg of out) {
    if (alg.toLowerCase() === "none" || /^HS/i.test(alg)) throw fail(name, `${alg.slice(0, 16)} is never accepted for JWKS keys`);
    if (!(JWT_ALGORITHMS as readonly string[]).includes(alg)) throw fail(name, `unknown algorithm "${alg.slice(0, 16)}" (use ${JWT_ALGORITHMS.join(", ")})`);
  }
  if (out.length === 0) throw fail(name, "must name at least one algorithm");
  return [...new Set(out)];
}

function inlineJwks(raw: string, fail: Fail): { keys: Array<Record<string, unknown>> } {
  const name = "IACCODE_A2A_JWT_JWKS";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail(name, 'must be a JSON Web Key Set ({"keys":[…]})');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_INLINE_KEYS)
    throw fail(name, `must be a JSON Web Key Set with 1 to ${MAX_INLINE_KEYS} keys`);
  for (const [i, key] of keys.entries()) {
    if (key === null || typeof key !== "object" || typeof (key as { kty?: unknown }).kty !== "string") throw fail(name, `key ${i} is not a JWK`);
    const jwk = key as Record<string, unknown>;
    if (jwk.kty === "oct") throw fail(name, `key ${i} is symmetric; only public keys are accepted`);
    if ("d" in jwk) throw fail(name, `key ${i} holds private key material; publish public keys only`);
  }
  return { keys: keys as Array<Record<string, unknown>> };
}
