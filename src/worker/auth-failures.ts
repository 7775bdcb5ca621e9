/**
 * Failed authentication is limited (issue 23 item 3): every 401 counts against the client address
 * (`CF-Connecting-IP`) and, for a Basic attempt, against the user it names, in the
 * `RATE_LIMIT_AUTH_FAILURES` binding. Once a key is over its budget, requests from it are answered
 * 429 with `Retry-After` for the binding's period before their credentials are checked at all, so a
 * right guess in that time is refused too.
 *
 * The binding has no "peek", so the refusal before the check is remembered in this isolate: a
 * guesser spread over many isolates gets one more attempt in each (refused 429 as well when wrong),
 * and the binding counts per Cloudflare location. It bounds guessing, it is not an exact quota.
 */
import type { Config } from "../config/config";
import { attemptedPrincipal, authenticate, isAuthConfigured, type AuthResult } from "./auth";
import { clientAddress, limiterAllows, RATE_LIMIT_PERIOD_SECONDS, tooManyRequests } from "./rate-limit";

/**
 * Keys refused at once in one isolate; past it the oldest is forgotten (its holder gets the
 * binding's verdict again). 10,000 keys of < 300 bytes stay under 3 MB of the isolate's 128 MB.
 */
const MAX_BLOCKED_KEYS = 10_000;

/** Key → when its refusal ends (ms). Insertion order is refusal order. */
const blockedUntil = new Map<string, number>();

/** The keys a request's failures count against: its address, and the principal it tried where known. */
export function failureKeys(headers: Headers, principal: string | undefined): string[] {
  const keys = [`auth-failure:address:${clientAddress(headers)}`];
  if (principal !== undefined) keys.push(`auth-failure:principal:${principal}`);
  return keys;
}

/** 429 when one of `keys` is refused in this isolate, else undefined (expired refusals are dropped). */
export function refusedBeforeCheck(keys: readonly string[], now = Date.now()): Response | undefined {
  for (const key of keys) {
    const until = blockedUntil.get(key);
    if (until === undefined) continue;
    if (until > now) return tooManyRequests();
    blockedUntil.delete(key);
  }
  return undefined;
}

/** Counts one failure against each key; 429 when any is now over its budget (and remembers it). */
export async function countFailure(limiter: RateLimit | undefined, keys: readonly string[]): Promise<Response | undefined> {
  const verdicts = await Promise.all(keys.map((key) => limiterAllows(limiter, key)));
  const over = keys.filter((_, i) => !verdicts[i]);
  if (over.length === 0) return undefined;
  const until = Date.now() + RATE_LIMIT_PERIOD_SECONDS * 1000;
  for (const key of over) {
    blockedUntil.delete(key);
    blockedUntil.set(key, until);
    if (blockedUntil.size > MAX_BLOCKED_KEYS) {
      const oldest = blockedUntil.keys().next().value;
      if (oldest !== undefined) blockedUntil.delete(oldest);
    }
  }
  return tooManyRequests();
}

/**
 * Authenticates a request under the failure limit (when rate limits are on and a scheme is
 * configured): a 429 `limited` answer, or the outcome of `authenticate`. 403 (a valid token without
 * the scopes) is not a failed guess and is not counted.
 */
export async function authenticateLimited(headers: Headers, config: Config, env: Env): Promise<AuthResult | { limited: Response }> {
  if (!config.rateLimit || !isAuthConfigured(config.auth)) return authenticate(headers, config.auth);
  const keys = failureKeys(headers, attemptedPrincipal(headers, config.auth));
  const refused = refusedBeforeCheck(keys);
  if (refused) return { limited: refused };
  const result = await authenticate(headers, config.auth);
  if (!("refusal" in result) || result.refusal.status !== 401) return result;
  const limited = await countFailure(env.RATE_LIMIT_AUTH_FAILURES, keys);
  return limited ? { limited } : result;
}
