/**
 * The request check as stored: `metadata.iac_code.requestCheck` rides in the final status message
 * (its metadata) and in the final status update's metadata, so the task row, the history row, the
 * event row, every TaskIndex row and every push body carry it. A request the size of the prompt
 * limit (8 MiB) can state tens of thousands of values; listed whole, its check would not fit those
 * rows. So the lists are bounded: findings first (every list but `applied`, in order), then the
 * applied values, while they fit the byte budget; what does not fit is counted under `omitted`
 * (`{ notExpressed: 3, applied: 1200 }`), so a reader always learns how much more there was.
 */
import type { JsonObject } from "../a2a/types";

/**
 * The check's JSON is at most this many UTF-8 bytes: half of METADATA_MAX_BYTES (64 KiB, the most
 * metadata a stored message may carry, src/storage/limits.ts), because the final event's row holds
 * the check twice (the status message's metadata and the update's own); with the reply itself
 * (MESSAGE_INLINE_MAX_BYTES, 128 KiB) that row stays far under ROW_CAP_BYTES (512 KiB).
 */
export const REQUEST_CHECK_MAX_BYTES = 32 * 1024;

/** A listed value's text (the user's words) is cut to this many characters: one value never takes the budget. */
export const CHECK_TEXT_MAX_CHARS = 200;

/** The list of values the check found in the template: listed after every finding. */
const APPLIED = "applied";

const encoder = new TextEncoder();

/** UTF-8 bytes of a value's JSON. */
const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).byteLength;

/** An entry with every string field cut to CHECK_TEXT_MAX_CHARS. */
function shortened(entry: unknown): unknown {
  if (typeof entry === "string") return entry.length > CHECK_TEXT_MAX_CHARS ? `${entry.slice(0, CHECK_TEXT_MAX_CHARS)}…` : entry;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return entry;
  return Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, shortened(value)]));
}

/** The check's metadata within `maxBytes`; unchanged when it already fits. */
export function boundedCheck(check: JsonObject, maxBytes = REQUEST_CHECK_MAX_BYTES): JsonObject {
  // A JSON text of n UTF-16 units is n to 3n UTF-8 bytes: only a check near the budget is encoded to tell.
  const units = JSON.stringify(check).length;
  if (units * 3 <= maxBytes || (units <= maxBytes && jsonBytes(check) <= maxBytes)) return check;
  const lists = Object.keys(check).filter((key) => Array.isArray(check[key]));
  const order = [...lists.filter((key) => key !== APPLIED), ...lists.filter((key) => key === APPLIED)];
  const kept: Record<string, unknown[]> = Object.fromEntries(lists.map((key) => [key, []]));
  const omitted: Record<string, number> = {};
  // Room for the skeleton (keys, brackets) and an `omitted` object that names every list.
  let used = jsonBytes({ ...check, ...kept, omitted: Object.fromEntries(lists.map((key) => [key, Number.MAX_SAFE_INTEGER])) });
  // The listed values are a prefix of the order: once one does not fit, the rest are counted.
  let full = false;
  for (const key of order) {
    const entries = check[key] as unknown[];
    const list = kept[key] ?? [];
    for (const value of entries) {
      if (full) break;
      const entry = shortened(value);
      const bytes = jsonBytes(entry) + 1;
      if (used + bytes > maxBytes) full = true;
      else {
        used += bytes;
        list.push(entry);
      }
    }
    if (list.length < entries.length) omitted[key] = entries.length - list.length;
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(check)) out[key] = Array.isArray(value) ? (kept[key] ?? []) : value;
  return { ...out, omitted };
}
