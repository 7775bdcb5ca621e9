/**
 * JWT bearer tokens verified against a JWKS (RFC 7519, RFC 7517), the scheme identity providers
 * and OIDC deployments use. The key set is fetched once per isolate and cached; a token whose `kid`
 * is unknown triggers one refresh at most per cooldown (≤ 30 s), so a rotated key is accepted
 * within a minute while a stream of forged `kid`s cannot make the Worker hammer the JWKS host.
 * The principal is `jwt:<iss>#<sub>`: two subjects, or one subject of two issuers, never share an
 * owner. A failure gives its reason for the log, never the token.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { JwtConfig } from "../config/jwt-config";

/** RFC 7519 §4.1: clock skew between issuer and server is tolerated for this long. */
export const JWT_CLOCK_TOLERANCE_SECONDS = 60;
/** A JWKS host that does not answer within this delays a caller no longer. */
const JWKS_FETCH_TIMEOUT_MS = 5_000;
/** A cached key set is used this long before it is fetched again (jose's default). */
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
/** Real tokens are a few KiB; anything larger is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 16 * 1024;
/** Keeps a principal name, which names Durable Objects and index rows, bounded. */
const MAX_CLAIM_LENGTH = 256;

export type JwtOutcome = { ok: true; principal: string } | { ok: false; error: "invalid_token" | "insufficient_scope"; reason: string };

const keySets = new WeakMap<JwtConfig, JWTVerifyGetKey>();

function keySetOf(config: JwtConfig): JWTVerifyGetKey {
  let keys = keySets.get(config);
  if (!keys) {
    keys = config.jwksUrl
      ? createRemoteJWKSet(new URL(config.jwksUrl), {
          cooldownDuration: config.jwksCooldownMs,
          cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
          timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
        })
      : createLocalJWKSet(config.jwks as Parameters<typeof createLocalJWKSet>[0]);
    keySets.set(config, keys);
  }
  return keys;
}

/** The scopes of a token: the space-separated `scope` claim (RFC 8693 §4.2) or an `scp` list. */
function scopesOf(payload: JWTPayload): Set<string> {
  const out = new Set<string>();
  const add = (value: unknown) => {
    const items: unknown[] = typeof value === "string" ? value.split(" ") : Array.isArray(value) ? value : [];
    for (const s of items) if (typeof s === "string" && s !== "") out.add(s);
  };
  add(payload.scope);
  add(payload.scp);
  return out;
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JOSEError) return `${error.code}: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "unknown error";
}

/** Verifies a bearer token; the outcome names the principal or the reason it was refused. */
export async function verifyJwt(token: string, config: JwtConfig): Promise<JwtOutcome> {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, error: "invalid_token", reason: "token too long" };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(config), {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: config.algorithms,
      clockTolerance: JWT_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["sub", "exp"],
    }));
  } catch (error) {
    return { ok: false, error: "invalid_token", reason: reasonOf(error) };
  }
  const sub = payload.sub ?? "";
  const iss = payload.iss ?? "";
  if (sub === "" || sub.length > MAX_CLAIM_LENGTH || iss.length > MAX_CLAIM_LENGTH) {
    return { ok: false, error: "invalid_token", reason: "sub or iss is empty or too long" };
  }
  // An unpaired surrogate (`"\ud800"` in the JSON) is not text (RFC 8259 §8.2): storage would turn it
  // into U+FFFD and the principal would meet another one's objects (issue 23 item 4).
  if (!sub.isWellFormed() || !iss.isWellFormed()) return { ok: false, error: "invalid_token", reason: "sub or iss is not well-formed text" };
  const scopes = scopesOf(payload);
  const missing = config.requiredScopes.filter((s) => !scopes.has(s));
  if (missing.length > 0) return { ok: false, error: "insufficient_scope", reason: `missing scopes: ${missing.join(" ")}` };
  return { ok: true, principal: `jwt:${iss}#${sub}` };
}
