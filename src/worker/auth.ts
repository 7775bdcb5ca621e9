/**
 * Authentication (contract §4): Bearer, then Basic, then API key; any configured scheme suffices.
 * The matching scheme names the principal (`bearer`, `basic:<user>`, `api-key:<header>`), which
 * becomes the owner of the caller's contexts and tasks. With no scheme configured every caller is
 * the same `anonymous` owner (trusted local mode). Secrets are compared through SHA-256 digests in
 * constant time, so neither content nor length leaks through timing.
 */
import type { AuthConfig } from "../config/config";

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

/** The principal of a request, `ANONYMOUS` when no scheme is configured, or undefined when refused. */
export async function authenticate(headers: Headers, auth: AuthConfig): Promise<string | undefined> {
  if (!auth.bearerToken && !auth.basic && !auth.apiKey) return ANONYMOUS;
  const authorization = headers.get("Authorization") ?? "";
  if (auth.bearerToken && /^Bearer /i.test(authorization)) {
    if (await secretEquals(authorization.slice(7).trim(), auth.bearerToken)) return "bearer";
  }
  if (auth.basic && /^Basic /i.test(authorization)) {
    const credentials = decodeBasic(authorization.slice(6).trim());
    if (
      credentials &&
      (await secretEquals(credentials.user, auth.basic.username)) &&
      (await secretEquals(credentials.password, auth.basic.password))
    ) {
      return `basic:${auth.basic.username}`;
    }
  }
  if (auth.apiKey) {
    const key = headers.get(auth.apiKey.header);
    if (key !== null && (await secretEquals(key, auth.apiKey.value))) return `api-key:${auth.apiKey.header}`;
  }
  return undefined;
}

/** The `WWW-Authenticate` challenges of the configured schemes. */
export function challenges(auth: AuthConfig): string {
  const out: string[] = [];
  if (auth.bearerToken) out.push('Bearer realm="iac-code"');
  if (auth.basic) out.push('Basic realm="iac-code"');
  return out.join(", ");
}
