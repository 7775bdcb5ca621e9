/**
 * Canonical JSON of an Agent Card for signing (spec §8.4.1), in the form both official SDKs
 * produce: `signatures` removed, empty strings, arrays and objects removed recursively (`false`
 * and `0` kept), keys sorted, no whitespace, and non-ASCII written as `\u` escapes like Python's
 * `json.dumps`. Cards we publish have no empty values and ASCII text, so a spec-exact RFC 8785
 * verifier computes the same bytes (a2a-1.0.md §9.4).
 */

function clean(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(clean).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if (value === "" || value === undefined) return undefined;
  return value;
}

function serialize(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${asciiJson(k)}:${serialize((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  if (typeof value === "string") return asciiJson(value);
  return JSON.stringify(value);
}

function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function canonicalizeCard(card: Record<string, unknown>): string {
  const { signatures: _signatures, ...rest } = card;
  return serialize(clean(rest) ?? {});
}
