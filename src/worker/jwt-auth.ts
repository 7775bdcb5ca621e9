/**
 * JWT bearer tokens verified against a JWKS (RFC 7519, RFC 7517), the scheme identity providers
 * and OIDC deployments use. The key set is fetched once per isolate and cached; a token whose `kid`
 * is unknown triggers one refresh at most per cooldown (≤ 30 s), so a rotated key is accepted
 * within a minute while a stream of forged `kid`s cannot make the Worker hammer the JWKS host.
 * The principal is `jwt:<iss>#<sub>`: two subjects, or one subject of two issuers, never share an
 * owner. A failure gives its reason for the log, never the token.
 */
import { readBody } from "./read-body";
import { createLocalJWKSet, createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { JwtConfig } from "../config/jwt-config";

/** RFC 7519 §4.1: clock skew between issuer and server is tolerated for this long. */
export const JWT_CLOCK_TOLERANCE_SECONDS = 60;
/** A JWKS host that does not answer within this delays a caller no longer. */
const JWKS_FETCH_TIMEOUT_MS = 5_000;
/** A cached key set is used this long before it is fetched again (jose's default). */
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
/**
 * JWKS fetches one isolate may make per minute for one key set, whatever
 * `IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS` says (0 is allowed) and however many requests with a
 * forged `kid` arrive at once (jose does not share a pending fetch between requests on Workers):
 * a rotation is still picked up at once, and an attacker costs the JWKS host at most this.
 */
export const MAX_JWKS_FETCHES_PER_MINUTE = 10;
const JWKS_BUDGET_WINDOW_MS = 60_000;
/**
 * The largest JWKS document read (issue 30 item 6: a 40 MiB JWKS was parsed, +243 MiB of the
 * isolate's 128 MB). Identity providers publish a few keys (Google 2, Microsoft Entra ~10, each
 * RSA key with its certificate chain ~4 KB): 256 KiB holds 60 such keys. The body is streamed and
 * reading stops past it; the fetch then fails and the token is refused (401) like any unknown key.
 */
export const MAX_JWKS_BYTES = 256 * 1024;
/** Real tokens are a few KiB; anything larger is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 16 * 1024;
/** Keeps a principal name, which names Durable Objects and index rows, bounded. */
const MAX_CLAIM_LENGTH = 256;

export type JwtOutcome = { ok: true; principal: string; expiresAtMs: number } | { ok: false; error: "invalid_token" | "insufficient_scope"; reason: string };

const keySets = new WeakMap<JwtConfig, JWTVerifyGetKey>();

function keySetOf(config: JwtConfig): JWTVerifyGetKey {
  let keys = keySets.get(config);
  if (!keys) {
    keys = config.jwksUrl
      ? boundedRemoteKeySet(new URL(config.jwksUrl), config.jwksCooldownMs)
      : createLocalJWKSet(config.jwks as Parameters<typeof createLocalJWKSet>[0]);
    keySets.set(config, keys);
  }
  return keys;
}

class JwksBudgetSpent extends errors.JOSEError {
  static override code = "ERR_JWKS_BUDGET_SPENT";
  override code = "ERR_JWKS_BUDGET_SPENT";
}

/**
 * jose's remote key set, whose fetches are counted: past `MAX_JWKS_FETCHES_PER_MINUTE` in the last
 * minute a fetch is not made. An unknown `kid` is then refused; a known one is still verified with
 * the last key set fetched, even when its 10-minute cache age has passed meanwhile.
 */
function boundedRemoteKeySet(url: URL, cooldownMs: number): JWTVerifyGetKey {
  const starts: number[] = [];
  const budgetedFetch = (input: string, init: RequestInit): Promise<Response> => {
    const now = Date.now();
    while (starts.length > 0 && (starts[0] ?? now) <= now - JWKS_BUDGET_WINDOW_MS) starts.shift();
    if (starts.length >= MAX_JWKS_FETCHES_PER_MINUTE) {
      return Promise.reject(new JwksBudgetSpent(`more than ${MAX_JWKS_FETCHES_PER_MINUTE} JWKS fetches in a minute`));
    }
    starts.push(now);
    return fetch(input, init).then(boundedJwksResponse);
  };
  const remote = createRemoteJWKSet(url, {
    cooldownDuration: cooldownMs,
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
    timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
    [customFetch]: budgetedFetch,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      const last = remote.jwks();
      if (!(error instanceof JwksBudgetSpent) || last === undefined) throw error;
      return createLocalJWKSet(last)(header, token);
    }
  };
}

/** The JWKS answer with its body read up to `MAX_JWKS_BYTES`; past it (or cut short) the fetch fails. */
async function boundedJwksResponse(response: Response): Promise<Response> {
  const body = await readBody(response, MAX_JWKS_BYTES);
  // A body refused by its declared length is not read at all: close the connection rather than drain it.
  if (!body.ok) await response.body?.cancel().catch(() => undefined);
  if (!body.ok) throw new errors.JWKSInvalid("tooLarge" in body ? `JWKS exceeds ${MAX_JWKS_BYTES} bytes` : "JWKS response ended early");
  return new Response(body.bytes, { status: response.status, headers: response.headers });
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
  // jose checks `iat` only against a maximum token age: a token issued in the future (a skewed or
  // forging issuer) is refused here, with the same tolerance as `exp` and `nbf` (issue 23, minor).
  if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + JWT_CLOCK_TOLERANCE_SECONDS) {
    return { ok: false, error: "invalid_token", reason: "iat is in the future" };
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
  // `exp` is required above; the clock tolerance is the platform's, as for every HTTP request.
  return { ok: true, principal: `jwt:${iss}#${sub}`, expiresAtMs: ((payload.exp ?? 0) + JWT_CLOCK_TOLERANCE_SECONDS) * 1000 };
}
