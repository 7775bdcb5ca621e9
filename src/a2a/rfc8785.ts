/**
 * RFC 8785 (JSON Canonicalization Scheme), exactly: object keys sorted by UTF-16 code units (the
 * order of JavaScript's default sort), no whitespace, strings and numbers written as ECMAScript's
 * JSON.stringify writes them (RFC 8785 §3.2.2 defines them by that very algorithm), and the values
 * I-JSON forbids refused: a lone surrogate (§3.2.2.2) and NaN or an infinity (§3.2.2.3). This is the
 * serialization a spec-exact card verifier applies (spec §8.4.1); the official SDKs' form is jcs.ts.
 */

export class CanonicalizationError extends Error {
  override readonly name = "CanonicalizationError";
}

function string(text: string): string {
  if (!text.isWellFormed()) throw new CanonicalizationError("a lone surrogate has no RFC 8785 form");
  return JSON.stringify(text);
}

export function rfc8785(value: unknown): string {
  if (value === null || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new CanonicalizationError(`${value} has no RFC 8785 form`);
    return JSON.stringify(value);
  }
  if (typeof value === "string") return string(value);
  if (Array.isArray(value)) return `[${value.map(rfc8785).join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${string(key)}:${rfc8785(record[key])}`).join(",")}}`;
  }
  throw new CanonicalizationError(`a ${typeof value} is not JSON`);
}
