/**
 * Base64 as input parts carry it, with the decoded size known before anything is decoded (so an
 * over-limit part is refused without allocating its bytes).
 *
 * - `strict`: the standard alphabet with `=` padding to a multiple of 4, nothing else: what the
 *   original requires of a multimodal data part's `bytes`/`base64` (Python
 *   `b64decode(validate=True)`).
 * - `protoJson`: a ProtoJSON `bytes` field (the `raw` member of a part): the standard or URL-safe
 *   alphabet, padding optional (proto3 JSON mapping).
 */

import { trimEnd } from "./trim-end";

export type Base64Flavor = "strict" | "protoJson";

// Plain character-class loops only: a grouped repetition would backtrack recursively and overflow
// the stack on a multi-megabyte part.
const STRICT = /^[A-Za-z0-9+/]*={0,2}$/;
const PROTO_JSON = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decoded byte count, or undefined when the text is not base64 of the given flavor. */
export function base64DecodedSize(text: string, flavor: Base64Flavor): number | undefined {
  if (flavor === "strict") {
    if (!STRICT.test(text) || text.length % 4 !== 0) return undefined;
  } else {
    if (!PROTO_JSON.test(text)) return undefined;
    const padding = text.length - trimEnd(text, "=").length;
    if (padding > 0 && text.length % 4 !== 0) return undefined;
  }
  const body = trimEnd(text, "=").length;
  if (body % 4 === 1) return undefined;
  return Math.floor((body * 3) / 4);
}

/** Decodes text already accepted by `base64DecodedSize`. */
export function decodeBase64(text: string): Uint8Array {
  const standard = trimEnd(text.replace(/-/g, "+").replace(/_/g, "/"), "=");
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
