/**
 * Encryption at rest for push secrets (a config's `token` and `authentication.credentials`),
 * AES-256-GCM through WebCrypto, with keys from `IACCODE_A2A_PUSH_KEYRING` and rotation by key id.
 * This follows the original, whose Fernet keyring (`push_secrets.py`) did the same for a local file.
 *
 * A sealed secret reads `v1.<kid>.<base64url iv>.<base64url ciphertext+tag>`. The caller's context
 * string (for example task id and config id) is bound as AES-GCM additional data, so a ciphertext
 * copied into another config does not decrypt. The first key of the ring encrypts; every key
 * decrypts, so a new key goes first and old ones stay until every secret is re-sealed
 * (`needsReencryption`).
 *
 * No message from this module ever contains key material or plaintext.
 */

import { trimEnd } from "../a2a/trim-end";

export const PUSH_KEYRING_VARIABLE = "IACCODE_A2A_PUSH_KEYRING";

/** Key ids appear in sealed values and in messages; this alphabet keeps both unambiguous. */
const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** AES-256. */
const KEY_BYTES = 32;
/** 96-bit IVs (NIST SP 800-38D §8.2); random IVs stay safe up to 2^32 encryptions per key (§8.3). */
const IV_BYTES = 12;
/** The GCM tag that WebCrypto appends to the ciphertext. */
const TAG_BYTES = 16;
const FORMAT_VERSION = "v1";

export const SECRET_BOX_MESSAGES = {
  emptyEntry: (entry: number) => `${PUSH_KEYRING_VARIABLE} entry ${entry} is empty`,
  entryShape: (entry: number) => `${PUSH_KEYRING_VARIABLE} entry ${entry} must look like <kid>:<base64 key>`,
  invalidKid: (entry: number) => `${PUSH_KEYRING_VARIABLE} entry ${entry} has an invalid key id: use 1 to 32 characters of A-Z, a-z, 0-9, _ and -`,
  duplicateKid: (kid: string) => `${PUSH_KEYRING_VARIABLE} has the key id "${kid}" more than once`,
  invalidBase64: (kid: string) => `${PUSH_KEYRING_VARIABLE} key "${kid}" is not valid base64`,
  wrongLength: (kid: string, bytes: number) => `${PUSH_KEYRING_VARIABLE} key "${kid}" must decode to 32 bytes (AES-256), not ${bytes}`,
  malformed: "A2A push secret is malformed",
  unknownKid: (kid: string) => `A2A push secret was encrypted with unknown key id "${kid}"`,
  undecryptable: "A2A push secret could not be decrypted: wrong key, wrong context or tampered data",
  emptyContext: "A2A push secret context must not be empty",
} as const;

/** Thrown for a malformed keyring and for any secret that cannot be opened. */
export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

export interface SecretKeyring {
  /** The key id that encrypts. */
  readonly primaryKid: string;
  /** Every key id, the primary first. */
  readonly kids: readonly string[];
  /** Seals `plaintext` under the primary key, bound to `context`. */
  encrypt(plaintext: string, context: string): Promise<string>;
  /** Opens a sealed secret with the key its kid names; `context` must be the one it was sealed with. */
  decrypt(sealed: string, context: string): Promise<string>;
  /** True when `sealed` was sealed under a key other than the primary, so it should be re-sealed. */
  needsReencryption(sealed: string): boolean;
}

/**
 * Parses `kid1:<base64 key>,kid2:<base64 key>` (standard or URL-safe base64, padding optional).
 * Returns undefined when the value is unset or blank; throws SecretBoxError when it is malformed.
 */
export function parseKeyring(raw: string | undefined): SecretKeyring | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const entries: Array<[string, Uint8Array]> = [];
  for (const [index, text] of raw.split(",").entries()) {
    const entry = index + 1;
    const trimmed = text.trim();
    if (trimmed === "") throw new SecretBoxError(SECRET_BOX_MESSAGES.emptyEntry(entry));
    const colon = trimmed.indexOf(":");
    if (colon < 0) throw new SecretBoxError(SECRET_BOX_MESSAGES.entryShape(entry));
    const kid = trimmed.slice(0, colon).trim();
    if (!KID_PATTERN.test(kid)) throw new SecretBoxError(SECRET_BOX_MESSAGES.invalidKid(entry));
    if (entries.some(([seen]) => seen === kid)) throw new SecretBoxError(SECRET_BOX_MESSAGES.duplicateKid(kid));
    const key = decodeBase64(trimmed.slice(colon + 1).trim());
    if (key === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.invalidBase64(kid));
    if (key.length !== KEY_BYTES) throw new SecretBoxError(SECRET_BOX_MESSAGES.wrongLength(kid, key.length));
    entries.push([kid, key]);
  }
  return new AesGcmKeyring(entries);
}

export const DEVELOPMENT_KEYRING_KID = "dev";
/** Public by design: whatever it seals, anyone with this source can open. */
const DEVELOPMENT_KEY_LABEL = "iac-code-a2a development push keyring v1 (not a secret)";
let developmentKeyringPromise: Promise<SecretKeyring> | undefined;

/**
 * A keyring derived from a fixed, public label, for local development when
 * `IACCODE_A2A_PUSH_KEYRING` is unset. It keeps the code path identical, not the secrets safe:
 * production MUST set `IACCODE_A2A_PUSH_KEYRING`. Its kid `dev` never matches a configured ring
 * unless someone names a key `dev`, so secrets sealed in development do not open in production.
 */
export function developmentKeyring(): Promise<SecretKeyring> {
  developmentKeyringPromise ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(DEVELOPMENT_KEY_LABEL))
    .then((digest) => new AesGcmKeyring([[DEVELOPMENT_KEYRING_KID, new Uint8Array(digest)]]));
  return developmentKeyringPromise;
}

class AesGcmKeyring implements SecretKeyring {
  readonly primaryKid: string;
  readonly kids: readonly string[];
  // Private fields stay out of JSON.stringify and object inspection, so a logged keyring shows no key.
  #material: ReadonlyArray<readonly [string, Uint8Array]> | undefined;
  #keys: Promise<ReadonlyMap<string, CryptoKey>> | undefined;

  constructor(entries: ReadonlyArray<readonly [string, Uint8Array]>) {
    const first = entries[0];
    if (first === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.emptyEntry(1));
    this.primaryKid = first[0];
    this.kids = entries.map(([kid]) => kid);
    this.#material = entries;
  }

  async encrypt(plaintext: string, context: string): Promise<string> {
    const key = (await this.#cryptoKeys()).get(this.primaryKid);
    if (key === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.unknownKid(this.primaryKid));
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ciphertext = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: additionalData(this.primaryKid, context) },
      key,
      new TextEncoder().encode(plaintext),
    );
    return [FORMAT_VERSION, this.primaryKid, encodeBase64Url(iv), encodeBase64Url(new Uint8Array(ciphertext))].join(".");
  }

  async decrypt(sealed: string, context: string): Promise<string> {
    const parsed = parseSealed(sealed);
    if (parsed === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.malformed);
    const key = (await this.#cryptoKeys()).get(parsed.kid);
    if (key === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.unknownKid(parsed.kid));
    const aad = additionalData(parsed.kid, context);
    let plaintext: ArrayBuffer;
    try {
      plaintext = await crypto.subtle.decrypt({ name: "AES-GCM", iv: parsed.iv, additionalData: aad }, key, parsed.ciphertext);
    } catch {
      throw new SecretBoxError(SECRET_BOX_MESSAGES.undecryptable);
    }
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(plaintext);
    } catch {
      throw new SecretBoxError(SECRET_BOX_MESSAGES.undecryptable);
    }
  }

  needsReencryption(sealed: string): boolean {
    return parseSealed(sealed)?.kid !== this.primaryKid;
  }

  /** Imported once per keyring, not extractable; the raw bytes are dropped once imported. */
  #cryptoKeys(): Promise<ReadonlyMap<string, CryptoKey>> {
    this.#keys ??= (async () => {
      const material = this.#material ?? [];
      const imported = await Promise.all(
        material.map(async ([kid, bytes]) => [kid, await crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"])] as const),
      );
      this.#material = undefined;
      return new Map(imported);
    })();
    return this.#keys;
  }
}

function additionalData(kid: string, context: string): Uint8Array {
  if (context === "") throw new SecretBoxError(SECRET_BOX_MESSAGES.emptyContext);
  // NUL cannot occur in a kid, so the fields cannot run into each other.
  return new TextEncoder().encode(`iac-code-a2a push secret\u0000${FORMAT_VERSION}\u0000${kid}\u0000${context}`);
}

function parseSealed(sealed: string): { kid: string; iv: Uint8Array; ciphertext: Uint8Array } | undefined {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) return undefined;
  const [, kid = "", ivText = "", ciphertextText = ""] = parts;
  if (!KID_PATTERN.test(kid)) return undefined;
  const iv = decodeBase64Url(ivText);
  const ciphertext = decodeBase64Url(ciphertextText);
  if (iv?.length !== IV_BYTES || ciphertext === undefined || ciphertext.length < TAG_BYTES) return undefined;
  return { kid, iv, ciphertext };
}

// ── base64 ──

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return trimEnd(btoa(binary).replace(/\+/g, "-").replace(/\//g, "_"), "=");
}

function decodeBase64Url(text: string): Uint8Array | undefined {
  return /^[A-Za-z0-9_-]*$/.test(text) ? decodeBase64(text) : undefined;
}

/** Standard or URL-safe alphabet, padding optional. */
function decodeBase64(text: string): Uint8Array | undefined {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return undefined;
  try {
    const binary = atob(standard);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
