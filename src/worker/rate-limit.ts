/**
 * Rate limits with the Workers Rate Limiting binding (`[[ratelimits]]` in wrangler.toml): the API
 * is limited per caller (the authenticated principal, or the client address in the trusted-local
 * mode, client-address.ts), and the public documents (`/health`, the agent card, the JWKS) per client address with a
 * separate, larger budget, so a burst of discovery never eats into a caller's work. Over the limit,
 * HTTP 429 with `Retry-After` and a JSON body. `IACCODE_A2A_RATE_LIMIT=false` turns both off.
 *
 * The binding counts per Cloudflare location and is eventually consistent: it is a brake on
 * abuse, not an exact quota. Keys are hashed, so a long principal name stays a short key.
 */
import { sha256Hex } from "../a2a/hex";
import { ERROR_DOMAIN } from "../a2a/errors";
import type { Config } from "../config/config";
import { ANONYMOUS } from "./auth";
import { clientAddressKey } from "./client-address";

/** The `period` of both `[[ratelimits]]` bindings in wrangler.toml (the binding allows 10 or 60). */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

/** The key of a caller: its principal when authenticated, else its address (client-address.ts says when it is known). */
export function callerKey(owner: string, request: Request, config: Config): string {
  return owner === ANONYMOUS ? `address:${clientAddressKey(request, config)}` : `principal:${owner}`;
}

/** True when `limiter` lets `key` through (hashed, so a long key stays short). A missing binding limits nothing. */
export async function limiterAllows(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true;
  const { success } = await limiter.limit({ key: (await sha256Hex(key)).slice(0, 32) });
  return success;
}

/**
 * The answer over any limit: 429 with `Retry-After` (the bindings' period unless the limit has its
 * own) and a JSON body, with `detail` naming the limit where one is given.
 */
export function tooManyRequests(retryAfterSeconds = RATE_LIMIT_PERIOD_SECONDS, detail?: string): Response {
  return new Response(JSON.stringify({ error: "Too Many Requests", retryAfterSeconds, ...(detail === undefined ? {} : { detail }) }), {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(retryAfterSeconds) },
  });
}

/** A 429 answer when `limiter` refuses `key`, else undefined. A missing binding limits nothing. */
export async function rateLimitResponse(limiter: RateLimit | undefined, key: string): Promise<Response | undefined> {
  return (await limiterAllows(limiter, key)) ? undefined : tooManyRequests();
}

/**
 * Over the limit on a WebSocket, where no HTTP status can be sent: the JSON-RPC error of the
 * implementation-defined server range (-32000; A2A defines no rate-limit code) with
 * `google.rpc.ErrorInfo` RATE_LIMIT_EXCEEDED and `google.rpc.RetryInfo`, the period as its delay.
 */
export const RATE_LIMITED_CODE = -32000;

export function rateLimitedJsonRpcError(): { code: number; message: string; data: unknown[] } {
  return {
    code: RATE_LIMITED_CODE,
    message: "Too Many Requests",
    data: [
      { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "RATE_LIMIT_EXCEEDED", domain: ERROR_DOMAIN },
      { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${RATE_LIMIT_PERIOD_SECONDS}s` },
    ],
  };
}
