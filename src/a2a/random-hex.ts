/**
 * Random hex ids (task ids, trace and span ids, request ids) from a pool of CSPRNG bytes drawn 4 KiB
 * at a time: one getRandomValues call serves a few hundred ids instead of one each, and a byte is
 * turned into hex by a table lookup. Every byte is used once; buffering the generator's output does
 * not make it any more guessable.
 */

import { HEX_OF_BYTE, toHex } from "./hex";

/** Bytes per refill: 4 KiB, 256 task ids or 170 requests' trace, span and request ids. */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** Hex of `bytes` random bytes. */
export function randomHex(bytes: number): string {
  // More than the pool holds: drawn on its own (no caller asks for that many; this keeps it right).
  if (bytes > POOL_BYTES) return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
  if (poolOffset + bytes > POOL_BYTES) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  let hex = "";
  for (let i = poolOffset; i < poolOffset + bytes; i++) hex += HEX_OF_BYTE[pool[i] as number];
  poolOffset += bytes;
  return hex;
}
