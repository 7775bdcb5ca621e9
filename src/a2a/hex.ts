/** Hex encoding and SHA-256 digests: the ETags, artifact checksums, owner keys and ids of the server. */

/** Lowercase hex of every byte value: a byte becomes hex by one table lookup. */
export const HEX_OF_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (const b of view) out += HEX_OF_BYTE[b];
  return out;
}

/** Lowercase hex SHA-256 of bytes, or of a string's UTF-8. */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}
