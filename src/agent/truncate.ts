/** Metadata limits of the original (`events.py` `_truncate`): strings cut at 4000, depth 32. */

export const MAX_METADATA_STRING = 4000;
export const MAX_METADATA_DEPTH = 32;

export function truncateText(text: string, max = MAX_METADATA_STRING): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** A JSON-safe copy of `value` with every string cut at 4000 characters and depth capped at 32. */
export function truncateValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return truncateText(value);
  if (value === null || typeof value !== "object") {
    return typeof value === "number" || typeof value === "boolean" ? value : value === null ? null : undefined;
  }
  if (depth >= MAX_METADATA_DEPTH) return "[truncated]";
  if (Array.isArray(value)) return value.map((v) => truncateValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const t = truncateValue(v, depth + 1);
    if (t !== undefined) out[k] = t;
  }
  return out;
}
