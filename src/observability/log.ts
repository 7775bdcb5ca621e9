/**
 * Structured log lines: one JSON object per line on the console, which Workers Logs
 * (`[observability]` in wrangler.toml) indexes field by field. A line holds only what the field
 * types allow: numbers, booleans, names we choose (methods, states, providers) and short hashes of
 * ids. Never a secret, a token, a path or message content: the types below take no free text.
 */

/** A value a log field may hold; strings are our own names, codes or hashes, never user input. */
export type LogValue = string | number | boolean | undefined;

export type LogFields = Record<string, LogValue>;

import { HEX_OF_BYTE } from "../a2a/hex";

/** Writes one line: `{"time":…,"level":…,"event":…,…fields}`, undefined fields left out. */
export function logLine(level: "info" | "warn" | "error", event: string, fields: LogFields): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** Hex characters kept of an id's SHA-256: enough to follow one id through the lines, not to recover it. */
export const SHORT_HASH_HEX = 12;

/** Hashes kept per isolate: the same owner and contexts come back request after request. */
const HASH_CACHE_ENTRIES = 4096;
const hashes = new Map<string, string>();

/** The short hash when it needs no digest (an absent id, or one hashed before), else its promise. */
export function shortHashOrPromise(id: string | undefined): string | undefined | Promise<string | undefined> {
  if (id === undefined || id === "") return undefined;
  return hashes.get(id) ?? shortHash(id);
}

/**
 * The short hashes of `ids`: at once when every one is known (a line's owner and context usually
 * are), else one promise for all of them, so a line whose ids were all hashed before costs no promise.
 */
export function shortHashes(ids: ReadonlyArray<string | undefined>): Array<string | undefined> | Promise<Array<string | undefined>> {
  const hashes = ids.map(shortHashOrPromise);
  return hashes.some((hash) => typeof hash === "object") ? Promise.all(hashes) : (hashes as Array<string | undefined>);
}

/** A short, stable, one-way hash of an id (owner, context, task) for log lines. */
export async function shortHash(id: string | undefined): Promise<string | undefined> {
  if (id === undefined || id === "") return undefined;
  const known = hashes.get(id);
  if (known !== undefined) return known;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id)));
  let hex = "";
  for (const byte of digest.subarray(0, SHORT_HASH_HEX / 2)) hex += HEX_OF_BYTE[byte];
  // A bounded cache: when full, the oldest entry goes (Map keeps insertion order).
  if (hashes.size >= HASH_CACHE_ENTRIES) hashes.delete(hashes.keys().next().value as string);
  hashes.set(id, hex);
  return hex;
}
