/**
 * `IACCODE_A2A_PUSH_KEYRING`: the push secrets' keys, `kid1:<base64 key>,kid2:<base64 key>`
 * (standard or URL-safe base64, padding optional), the first the one that encrypts. Parsed here
 * with the rest of the configuration; the secret box (src/push/secret-box.ts) does the AES-GCM with
 * what this returns. The key bytes sit in a private field, so a logged configuration shows no key.
 */
export const PUSH_KEYRING_VARIABLE = "IACCODE_A2A_PUSH_KEYRING";

/** Key ids appear in sealed values and in messages; this alphabet keeps both unambiguous. */
export const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** AES-256. */
export const KEY_BYTES = 32;

/** Why a keyring is refused, after the variable's name; never a key's bytes. */
export const KEYRING_REASONS = {
  emptyEntry: (entry: number) => `entry ${entry} is empty`,
  entryShape: (entry: number) => `entry ${entry} must look like <kid>:<base64 key>`,
  invalidKid: (entry: number) => `entry ${entry} has an invalid key id: use 1 to 32 characters of A-Z, a-z, 0-9, _ and -`,
  duplicateKid: (kid: string) => `has the key id "${kid}" more than once`,
  invalidBase64: (kid: string) => `key "${kid}" is not valid base64`,
  wrongLength: (kid: string, bytes: number) => `key "${kid}" must decode to 32 bytes (AES-256), not ${bytes}`,
} as const;

/** The parsed keyring: key ids in order (the primary first) and their bytes, out of sight. */
export class PushKeyMaterial {
  readonly primaryKid: string;
  readonly kids: readonly string[];
  readonly #entries: ReadonlyArray<readonly [string, Uint8Array]>;

  constructor(entries: ReadonlyArray<readonly [string, Uint8Array]>) {
    const first = entries[0];
    if (first === undefined) throw new Error(KEYRING_REASONS.emptyEntry(1));
    this.primaryKid = first[0];
    this.kids = entries.map(([kid]) => kid);
    this.#entries = entries;
  }

  /** Every key id with a copy of its bytes, the primary first (for the secret box's one import). */
  entries(): Array<[string, Uint8Array]> {
    return this.#entries.map(([kid, key]) => [kid, key.slice()]);
  }
}

/** Undefined when the value is unset or blank; `fail(reason)` for a malformed one. */
export function parsePushKeyring(raw: string | undefined, fail: (reason: string) => Error): PushKeyMaterial | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const entries: Array<[string, Uint8Array]> = [];
  for (const [index, text] of raw.split(",").entries()) {
    const entry = index + 1;
    const trimmed = text.trim();
    if (trimmed === "") throw fail(KEYRING_REASONS.emptyEntry(entry));
    const colon = trimmed.indexOf(":");
    if (colon < 0) throw fail(KEYRING_REASONS.entryShape(entry));
    const kid = trimmed.slice(0, colon).trim();
    if (!KID_PATTERN.test(kid)) throw fail(KEYRING_REASONS.invalidKid(entry));
    if (entries.some(([seen]) => seen === kid)) throw fail(KEYRING_REASONS.duplicateKid(kid));
    const key = decodeBase64(trimmed.slice(colon + 1).trim());
    if (key === undefined) throw fail(KEYRING_REASONS.invalidBase64(kid));
    if (key.length !== KEY_BYTES) throw fail(KEYRING_REASONS.wrongLength(kid, key.length));
    entries.push([kid, key]);
  }
  return new PushKeyMaterial(entries);
}

/**
 * Standard or URL-safe alphabet, padding optional but never more than the length needs; undefined
 * when it is not base64 (the secret box reads its sealed values with it too).
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return undefined;
  try {
    const binary = atob(standard);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
