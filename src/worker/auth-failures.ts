/**
 * Failed authentication is limited against the attacker, never the victim (issue 23 item 3, issue
 * 30 item 3). Every 401 counts, in the `RATE_LIMIT_AUTH_FAILURES` binding, against:
 * - the client address (client-address.ts; an IPv6 address by its /64, so a sweep of a subscriber's
 *   2^64 addresses is one budget), and
 * - the credential tried (a digest of the presented Authorization value and API key), so one bad
 *   credential replayed from many addresses is refused as well.
 * Nothing counts against the *account* a guess names: guesses for carol's name from rotating
 * addresses used to keep carol's right password at 429 (25 of 26 polls), and 20 wrong tokens from
 * one address locked the right token and API key out of it.
 *
 * Over a budget a failure is answered 429 with `Retry-After` instead of 401. What happens to a right
 * credential from an address over its budget depends on whether it can be guessed:
 * - The static bearer token, API key and JWTs are long random secrets or signatures, which no online
 *   guessing finds: they are always checked, and a right one is always served.
 * - A Basic password may be guessable, and serving a right one to an address over its budget would
 *   tell a guesser which guess was right. So from such an address a Basic attempt gets 429 before its
 *   password is checked, unless that user signed in successfully from that address (its /64) within
 *   the period (`recentSignIns`): the colleague behind the same NAT who was already working goes on
 *   working (until that user's own failures from there use up a budget: a guesser at the same address
 *   aiming at that very user cannot be told apart). A Basic user signing in from another address is
 *   never affected.
 *
 * The binding has no "peek", so a refusal is remembered in this isolate (`blockedUntil`), as are
 * recent sign-ins: a guesser spread over many isolates gets one more attempt in each, and the binding
 * counts per Cloudflare location. It bounds guessing, it is not an exact quota.
 */
import { sha256Hex } from "../a2a/hex";
import type { Config } from "../config/config";
import { attemptedPrincipal, authenticate, isAuthConfigured, type AuthResult } from "./auth";
import { clientAddressKey } from "./client-address";
import { limiterAllows, RATE_LIMIT_PERIOD_SECONDS, tooManyRequests } from "./rate-limit";

/**
 * Keys refused at once, and sign-ins remembered, in one isolate; past it the oldest is forgotten.
 * 10,000 keys of < 300 bytes (credentials are kept as digests) stay under 3 MB of the isolate's 128 MB.
 */
const MAX_REMEMBERED_KEYS = 10_000;

/** Key → when its refusal ends (ms). Insertion order is refusal order. */
const blockedUntil = new Map<string, number>();
/** `<principal>@<address key>` → until when that Basic user's successful sign-in from there exempts it (ms). */
const recentSignIns = new Map<string, number>();

function remember(map: Map<string, number>, key: string, until: number): void {
  map.delete(key);
  map.set(key, until);
  if (map.size <= MAX_REMEMBERED_KEYS) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}

/** True while `key` is in `map` with a time still ahead (an expired entry is dropped). */
function current(map: Map<string, number>, key: string, now: number): boolean {
  const until = map.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  map.delete(key);
  return false;
}

/** The keys a failed request counts against: its address, and the credential it presented. */
export async function failureKeys(request: Request, config: Config): Promise<{ address: string; credential: string }> {
  const presented = [request.headers.get("Authorization") ?? "", config.auth.apiKey ? (request.headers.get(config.auth.apiKey.header) ?? "") : ""];
  return {
    address: `auth-failure:address:${clientAddressKey(request, config)}`,
    credential: `auth-failure:credential:${await sha256Hex(JSON.stringify(presented))}`,
  };
}

/** Counts one failure against each key; true when any is now over its budget (and remembers it). */
async function countFailure(limiter: RateLimit | undefined, keys: readonly string[], now: number): Promise<boolean> {
  const verdicts = await Promise.all(keys.map((key) => limiterAllows(limiter, key)));
  const over = keys.filter((_, i) => !verdicts[i]);
  for (const key of over) remember(blockedUntil, key, now + RATE_LIMIT_PERIOD_SECONDS * 1000);
  return over.length > 0;
}

/**
 * Authenticates a request under the failure limit (when rate limits are on and a scheme is
 * configured): a 429 `limited` answer, or the outcome of `authenticate`. 403 (a valid token without
 * the scopes) is not a failed guess and is not counted.
 */
export async function authenticateLimited(request: Request, config: Config, env: Env): Promise<AuthResult | { limited: Response }> {
  const headers = request.headers;
  if (!config.rateLimit || !isAuthConfigured(config.auth)) return authenticate(headers, config.auth);
  const now = Date.now();
  const keys = await failureKeys(request, config);
  const basicUser = attemptedPrincipal(headers, config.auth);
  const signIn = basicUser === undefined ? undefined : `${basicUser}@${keys.address}`;
  const exempt = signIn !== undefined && current(recentSignIns, signIn, now) && !current(blockedUntil, signIn, now);
  if (signIn !== undefined && current(blockedUntil, keys.address, now) && !exempt) return { limited: tooManyRequests() };
  const result = await authenticate(headers, config.auth);
  if ("owner" in result && signIn !== undefined) remember(recentSignIns, signIn, now + RATE_LIMIT_PERIOD_SECONDS * 1000);
  if (!("refusal" in result) || result.refusal.status !== 401) return result;
  const blocked = current(blockedUntil, keys.address, now) || current(blockedUntil, keys.credential, now);
  // A Basic failure counts for its user at that address too: guessing an exempt user from its own address ends the exemption.
  const counted = signIn === undefined ? [keys.address, keys.credential] : [keys.address, keys.credential, signIn];
  const over = await countFailure(env.RATE_LIMIT_AUTH_FAILURES, counted, now);
  return over || blocked ? { limited: tooManyRequests() } : result;
}
