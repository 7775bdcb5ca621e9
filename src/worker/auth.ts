/**
 * Authentication (contract §4): Bearer (the static token, then a JWT verified against a JWKS), then
 * Basic, then API key; any configured scheme suffices. The matching scheme names the principal
 * (`bearer`, `jwt:<iss>#<sub>`, `basic:<user>`, `api-key:<header>`), which becomes the owner of the
 * caller's contexts and tasks. With no scheme configured every caller is
 * the same `anonymous` owner (trusted local mode). Secrets are compared through SHA-256 digests in
 * constant time, so neither content nor length leaks through timing.
 */
import type { AuthConfig } from "../config/config";
import { verifyJwt } from "./jwt-auth";
import { logLine } from "../observability/log";

export const ANONYMOUS = "anonymous";

const encoder = new TextEncoder();

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(text));
}

async function secretEquals(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

function decodeBasic(encoded: string): { user: string; password: string } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The principal a request tries to be, where its credentials name one without being verified: the
 * user of a Basic attempt. (A JWT's claims are not trusted before its signature is, and the static
 * token and API key name no one.) Used to limit failed attempts per principal.
 */
export function attemptedPrincipal(headers: Headers, auth: AuthConfig): string | undefined {
  const authorization = headers.get("Authorization") ?? "";
  if (!auth.basic || !/^Basic /i.test(authorization)) return undefined;
  const user = decodeBasic(authorization.slice(6).trim())?.user;
  return user === undefined ? undefined : `basic:${user.slice(0, 256)}`;
}

/** A refusal: the status, the body's `error`, and the `WWW-Authenticate` challenges (RFC 6750 §3). */
export interface AuthRefusal {
  status: 401 | 403;
  error: "Unauthorized" | "Forbidden";
  challenge: string;
}

/** A principal; `expiresAtMs` when its credential stops being accepted (a JWT's `exp` plus the clock tolerance). */
export type AuthResult = { owner: string; expiresAtMs?: number } | { refusal: AuthRefusal };

export function isAuthConfigured(auth: AuthConfig): boolean {
  return Boolean(auth.bearerToken || auth.basic || auth.apiKey || auth.jwt);
}

/** The principal of a request (`ANONYMOUS` when no scheme is configured), or why it was refused. */
export async function authenticate(headers: Headers, auth: AuthConfig): Promise<AuthResult> {
  if (!isAuthConfigured(auth)) return { owner: ANONYMOUS };
  const authorization = headers.get("Authorization") ?? "";
  const bearer = /^Bearer /i.test(authorization) ? authorization.slice(7).trim() : undefined;
  let jwtError: "invalid_token" | "insufficient_scope" | undefined;
  if (bearer !== undefined && auth.bearerToken && (await secretEquals(bearer, auth.bearerToken))) return { owner: "bearer" };
  if (bearer !== undefined && auth.jwt) {
    const outcome = await verifyJwt(bearer, auth.jwt);
    if (outcome.ok) return { owner: outcome.principal, expiresAtMs: outcome.expiresAtMs };
    // The reason helps the operator; the token itself never reaches the log.
    logLine("warn", "auth.jwt_refused", { reason: outcome.reason.slice(0, 300) });
    jwtError = outcome.error;
  }
  if (auth.basic && /^Basic /i.test(authorization)) {
    const credentials = decodeBasic(authorization.slice(6).trim());
    if (credentials && (await secretEquals(credentials.user, auth.basic.username)) && (await secretEquals(credentials.password, auth.basic.password))) {
      return { owner: `basic:${auth.basic.username}` };
    }
  }
  if (auth.apiKey) {
    const key = headers.get(auth.apiKey.header);
    if (key !== null && (await secretEquals(key, auth.apiKey.value))) return { owner: `api-key:${auth.apiKey.header}` };
  }
  if (jwtError === "insufficient_scope" && auth.jwt) {
    const scope = auth.jwt.requiredScopes.join(" ");
    return { refusal: { status: 403, error: "Forbidden", challenge: `Bearer realm="iac-code", error="insufficient_scope", scope="${scope}"` } };
  }
  return { refusal: { status: 401, error: "Unauthorized", challenge: challenges(auth, jwtError) } };
}

/**
 * The `WWW-Authenticate` challenges of the configured schemes. A presented JWT that failed adds
 * `error="invalid_token"`; a request with no credentials gets no error code (RFC 6750 §3.1).
 */
export function challenges(auth: AuthConfig, jwtError?: "invalid_token" | "insufficient_scope"): string {
  const out: string[] = [];
  if (auth.bearerToken || auth.jwt) out.push(jwtError ? 'Bearer realm="iac-code", error="invalid_token"' : 'Bearer realm="iac-code"');
  if (auth.basic) out.push('Basic realm="iac-code"');
  return out.join(", ");
}
